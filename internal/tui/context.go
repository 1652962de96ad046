package tui

import (
	"encoding/json"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"corvid/internal/event"
)

// contextWindow is the window drawn when the conversation cannot say.
const contextWindow = 200_000

// ContextReporter is the conversation's side /context looks for: how the
// next request fills the window, by category (*app.Conversation).
type ContextReporter interface {
	ContextUsage() event.ContextUsage
}

// cmdContext draws the context window as a grid of cells by category:
// the conversation's estimate when it offers one (between turns), else
// the last request's size (the API's usage) less an estimate of the
// messages. The last request's exact size is shown beside it.
func (m *model) cmdContext(string) tea.Cmd {
	if m.conv == nil {
		return nil
	}
	if r, ok := m.conv.(ContextReporter); ok && !m.busy {
		u := r.ContextUsage()
		if u.Window <= 0 {
			u.Window = contextWindow
		}
		return m.println(contextGrid(u, m.ctxTokens, true))
	}
	return m.println(contextGrid(m.roughContext(), m.ctxTokens, false))
}

// roughContext splits the last request's size into the messages (an
// estimate) and the fixed rest.
func (m *model) roughContext() event.ContextUsage {
	msgs := 0
	if history := m.conv.Messages(); !m.busy && len(history) > 0 {
		if data, err := json.Marshal(history); err == nil {
			msgs = len(data) / 4
		}
	}
	return event.ContextUsage{Window: contextWindow, System: max(m.ctxTokens-msgs, 0), Messages: msgs}
}

// The colours of the two categories the other styles do not cover.
var (
	styleCtxMCP  = lipgloss.NewStyle().Foreground(lipgloss.Cyan)
	styleCtxMsgs = lipgloss.NewStyle().Foreground(lipgloss.Blue)
)

// contextCategory is one row of the legend and its cells' colour.
type contextCategory struct {
	name   string
	tokens int
	style  lipgloss.Style
}

// contextGrid renders the categories as a 20×5 grid of cells (each a
// hundredth of the window; a category with any tokens gets at least one)
// and a legend; measured, when known, is the last request's exact size.
// Unless split, System holds everything but the messages. The window
// above the auto-compact threshold is drawn at the end as its reserve.
func contextGrid(u event.ContextUsage, measured int, split bool) string {
	cats := []contextCategory{
		{"system prompt", u.System, styleAccent},
		{"tools", u.Tools, styleWarn},
		{"MCP tools", u.MCPTools, styleCtxMCP},
		{"instructions (CLAUDE.md)", u.Instructions, styleOK},
		{"messages", u.Messages, styleCtxMsgs},
	}
	if !split {
		cats = []contextCategory{{"system, tools, instructions", u.System, styleAccent}, {"messages", u.Messages, styleCtxMsgs}}
	}
	const cols, rows = 20, 5
	per := float64(u.Window) / float64(cols*rows)
	var cells []lipgloss.Style
	for _, c := range cats {
		n := int(float64(c.tokens)/per + 0.5)
		if c.tokens > 0 && n == 0 {
			n = 1
		}
		for range n {
			cells = append(cells, c.style)
		}
	}
	// The reserve above the auto-compact threshold fills the grid's end.
	reserve := 0
	if u.AutoCompact > 0 && u.AutoCompact < u.Window {
		reserve = u.Window - u.AutoCompact
	}
	reserveFrom := cols*rows - int(float64(reserve)/per+0.5)
	var b strings.Builder
	for r := range rows {
		b.WriteString("  ")
		for c := range cols {
			switch i := r*cols + c; {
			case i < len(cells):
				b.WriteString(cells[i].Render("■ "))
			case i >= reserveFrom:
				b.WriteString(styleDim.Render("▨ "))
			default:
				b.WriteString(styleDim.Render("□ "))
			}
		}
		b.WriteString("\n")
	}
	pct := func(n int) string { return fmt.Sprintf("%5.1f%%", 100*float64(n)/float64(u.Window)) }
	for _, c := range cats {
		fmt.Fprintf(&b, "  %s %-26s %8d tokens %s\n", c.style.Render("■"), c.name, c.tokens, pct(c.tokens))
	}
	if reserve > 0 {
		fmt.Fprintf(&b, "  %s %-26s %8d tokens %s\n", styleDim.Render("▨"), "autocompact buffer", reserve, pct(reserve))
	}
	free := max(u.Window-u.Used()-reserve, 0)
	fmt.Fprintf(&b, "  %s %-26s %8d tokens %s\n", styleDim.Render("□"), "free", free, pct(free))
	b.WriteString(styleDim.Render(fmt.Sprintf("  estimated at 4 bytes a token; window %d tokens", u.Window)))
	if measured > 0 {
		b.WriteString(styleDim.Render(fmt.Sprintf("; the last request used %d (measured)", measured)))
	}
	return b.String()
}
