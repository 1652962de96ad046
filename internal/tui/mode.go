package tui

import (
	tea "charm.land/bubbletea/v2"

	"corvid/internal/permission"
)

// cycleMode is Shift+Tab: default → acceptEdits → plan (→ bypass when
// corvid was started with it allowed) → default.
func (m *model) cycleMode() tea.Cmd {
	order := []permission.Mode{permission.ModeDefault, permission.ModeAcceptEdits, permission.ModePlan}
	if m.o.AllowBypass {
		order = append(order, permission.ModeBypass)
	}
	next := order[0]
	for i, mo := range order {
		if mo == m.mode {
			next = order[(i+1)%len(order)]
		}
	}
	if m.conv != nil {
		if err := m.conv.SetPermissionMode(next); err != nil {
			return m.println(m.errorLine("Changing the mode: " + err.Error()))
		}
	}
	m.mode, m.modeChosen = next, true
	return nil
}

// adoptMode settles the mode of a conversation that just opened: the
// one the user chose with Shift+Tab (before it opened, or in the
// conversation /clear or /resume replaced) is applied to it; otherwise
// the interface shows the mode it opened with.
func (m *model) adoptMode(opened permission.Mode) tea.Cmd {
	if !m.modeChosen {
		if opened != "" {
			m.mode = opened
		}
		return nil
	}
	if err := m.conv.SetPermissionMode(m.mode); err != nil {
		m.mode = opened
		return m.println(m.errorLine("Keeping the permission mode: " + err.Error()))
	}
	return nil
}
