package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// escClearNotice is the hint after a first Esc on a non-empty input.
const escClearNotice = "Esc again to clear"

// escClear is Esc on a non-empty input while no turn runs: the first
// says a second clears the box, and the second, within escEscWindow,
// clears it. The draft goes to the history first, so up brings it back
// (as in Claude Code).
func (m *model) escClear(key string) tea.Cmd {
	if m.vim.on { // in vim mode esc is for the modes, pressed again and again: it never clears
		m.lastEsc = time.Time{}
		return nil
	}
	now := m.o.now()
	first := m.lastEsc
	if key == "alt+esc" || (!first.IsZero() && now.Sub(first) >= 0 && now.Sub(first) <= escEscWindow) {
		m.lastEsc = time.Time{}
		v := m.input.Value()
		m.hist.add(v, m.attachmentOf(v)) // its pastes and images come back with it
		m.setInput("")
		m.pastes = pastes{}
		m.notice = ""
		return nil
	}
	m.lastEsc = now
	m.notice = escClearNotice
	return nil
}
