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
	m.mode = next
	return nil
}
