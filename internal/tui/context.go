package tui

import (
	"encoding/json"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// contextWindow is the window the grid is drawn against.
const contextWindow = 200_000

// cmdContext draws the context window as a grid of cells by category.
// The last request's input size is exact (the API's usage); the split
// between the conversation's messages and the fixed part (system prompt,
// tools, instructions) estimates the messages at 4 bytes a token.
func (m *model) cmdContext(string) tea.Cmd {
	if m.conv == nil {
		return nil
	}
	msgs := 0
	if history := m.conv.Messages(); !m.busy && len(history) > 0 {
		if data, err := json.Marshal(history); err == nil {
			msgs = len(data) / 4
		}
	}
	used := max(m.ctxTokens, msgs)
	fixed := max(used-msgs, 0)
	return m.println(contextGrid(fixed, msgs, contextWindow, m.width))
}

// contextGrid renders the categories as a 10×N grid of cells plus a
// legend.
func contextGrid(fixed, msgs, window, width int) string {
	const cols, rows = 20, 5
	cells := cols * rows
	per := float64(window) / float64(cells)
	nFixed := int(float64(fixed)/per + 0.5)
	nMsgs := int(float64(msgs)/per + 0.5)
	if fixed > 0 && nFixed == 0 {
		nFixed = 1
	}
	if msgs > 0 && nMsgs == 0 {
		nMsgs = 1
	}
	var b strings.Builder
	for r := 0; r < rows; r++ {
		b.WriteString("  ")
		for c := 0; c < cols; c++ {
			i := r*cols + c
			switch {
			case i < nFixed:
				b.WriteString(styleAccent.Render("■ "))
			case i < nFixed+nMsgs:
				b.WriteString(styleOK.Render("■ "))
			default:
				b.WriteString(styleDim.Render("□ "))
			}
		}
		b.WriteString("\n")
	}
	free := max(window-fixed-msgs, 0)
	pct := func(n int) string { return fmt.Sprintf("%5.1f%%", 100*float64(n)/float64(window)) }
	b.WriteString(fmt.Sprintf("  %s system, tools, instructions  %7d tokens %s\n", styleAccent.Render("■"), fixed, pct(fixed)))
	b.WriteString(fmt.Sprintf("  %s messages (estimated)         %7d tokens %s\n", styleOK.Render("■"), msgs, pct(msgs)))
	b.WriteString(fmt.Sprintf("  %s free                         %7d tokens %s", styleDim.Render("□"), free, pct(free)))
	_ = width
	return b.String()
}
