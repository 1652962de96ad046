package tui

import (
	tea "charm.land/bubbletea/v2"
)

const (
	// maxExpandedLines caps a tool's output printed expanded.
	maxExpandedLines = 400
	// maxKeptOutput caps the last collapsed output kept for ctrl+o.
	maxKeptOutput = 256 << 10
)

// collapsedOutput is the last tool output shown collapsed, kept so that
// ctrl+o can print it whole (only the last: the scrollback holds the
// rest, and nothing grows with the session).
type collapsedOutput struct {
	t      *toolRun
	output string
	isErr  bool
}

// toolBody is a call's output as it is shown: collapsed to a few lines,
// or, while ctrl+o has expanded them, up to maxExpandedLines.
func (m *model) toolBody(t *toolRun, output string, isErr bool) string {
	wrapped := wrapOutput(output, m.width-6)
	if m.expanded {
		return collapse(wrapped, maxExpandedLines)
	}
	body := collapse(wrapped, toolOutputLines)
	if body != wrapped {
		if len(output) > maxKeptOutput {
			output = output[:maxKeptOutput]
		}
		m.lastCollapsed = &collapsedOutput{t: t, output: output, isErr: isErr}
	}
	return body
}

// toggleExpand is ctrl+o: tool output is shown whole from now on (and
// the last collapsed one is printed again, whole), or collapsed again.
func (m *model) toggleExpand() tea.Cmd {
	m.expanded = !m.expanded
	if !m.expanded {
		m.notice = "Tool output collapsed · ctrl+o to expand"
		return nil
	}
	m.notice = "Tool output expanded · ctrl+o to collapse"
	last := m.lastCollapsed
	m.lastCollapsed = nil
	if last == nil {
		return nil
	}
	return m.println(m.toolBlock(last.t, last.output, last.isErr))
}
