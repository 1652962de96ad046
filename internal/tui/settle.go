package tui

import tea "charm.land/bubbletea/v2"

// settleAfter returns the command that gives memory back when msg left
// the session idle: the conversation opened with no prompt to run, or a
// turn ended with nothing queued. It runs once per transition to idle,
// after the frame is drawn, off the interface's goroutine; never on a
// timer, so an idle session still wakes for nothing. nil for every other
// message, and when Options carry no settle function (tests).
func (m *model) settleAfter(msg tea.Msg) tea.Cmd {
	settle := m.o.settle
	if settle == nil || m.busy || m.conv == nil {
		return nil
	}
	switch msg := msg.(type) {
	case openedMsg:
		if msg.err != nil {
			return nil
		}
	case turnDoneMsg:
	default:
		return nil
	}
	return func() tea.Msg {
		settle()
		return nil
	}
}
