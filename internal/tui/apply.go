package tui

import tea "charm.land/bubbletea/v2"

// applyMsg carries the end of a command's background work back to the
// program's goroutine, where it may touch the model.
type applyMsg func(m *model) tea.Cmd
