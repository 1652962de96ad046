package tui

import tea "charm.land/bubbletea/v2"

// openFailed handles a conversation that did not open. When it was
// asked for by /resume, /clear or a settings reload, the conversation the
// user was in is opened again (its transcript is on disk) and the
// failure is reported, instead of the whole interface exiting as it does
// when the first conversation cannot open. ok is false when there is
// nothing to go back to, or the conversation opened.
func (m *model) openFailed(msg openedMsg) (tea.Cmd, bool) {
	back := m.fallback
	if msg.err == nil || back == "" {
		m.fallback = ""
		return nil, false
	}
	m.fallback = "" // going back fails too: then it is the end
	m.reloading = true
	m.println(m.errorLine("Could not open that conversation: " + msg.err.Error() +
		". You are back in the conversation you were in."))
	return m.open(back), true
}
