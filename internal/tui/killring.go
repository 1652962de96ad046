package tui

import tea "charm.land/bubbletea/v2"

// killKeys are the emacs keys that delete text into the kill buffer.
var killKeys = map[string]bool{"ctrl+k": true, "ctrl+u": true, "ctrl+w": true,
	"alt+backspace": true, "alt+d": true, "alt+delete": true}

// killKey keeps what an emacs delete key removed, and ctrl+y puts the
// last of it back at the cursor (as in a shell, and Claude Code's "ctrl+y
// to paste deleted text"). ok is false for other keys.
func (m *model) killKey(k tea.KeyPressMsg) (cmd tea.Cmd, ok bool) {
	s := k.String()
	if s == "ctrl+y" {
		if m.killed != "" {
			m.input.InsertString(m.killed)
			m.afterEdit()
		}
		return nil, true
	}
	if !killKeys[s] {
		return nil, false
	}
	before := m.input.Value()
	m.input, cmd = m.input.Update(k)
	m.afterEdit()
	if d := removed(before, m.input.Value()); d != "" {
		m.killed = d
	}
	return cmd, true
}

// removed is the run of before that after lacks (one deletion).
func removed(before, after string) string {
	if len(after) >= len(before) {
		return ""
	}
	p := 0
	for p < len(after) && before[p] == after[p] {
		p++
	}
	s := 0
	for s < len(after)-p && before[len(before)-1-s] == after[len(after)-1-s] {
		s++
	}
	return before[p : len(before)-s]
}
