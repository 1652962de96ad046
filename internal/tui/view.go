package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// View is empty: the model draws itself (see render), so the program's
// renderer is off.
func (m *model) View() tea.View { return tea.View{} }

// frame is the live region: the streaming answer, running tools, queued
// messages, a dialog or the input box, and the status line; with the
// cursor's place in it.
func (m *model) frame() (string, *tea.Cursor) {
	var parts []string
	if t := m.stream.thinking.String(); t != "" && m.stream.text.Len() == 0 {
		parts = append(parts, styleDim.Italic(true).Render("✻ Thinking… "+lastLine(t, m.width-14)))
	}
	if m.stream.live != "" {
		parts = append(parts, m.stream.live)
	}
	if len(m.tools) > 0 {
		parts = append(parts, m.liveTools())
	}
	if l := m.shellView(); l != "" { // shelljob.go
		parts = append(parts, l)
	}
	if m.busy && len(m.tools) == 0 && m.stream.live == "" && m.dialog == nil {
		parts = append(parts, styleAccent.Render("✻ ")+styleDim.Render("Working… (esc to interrupt)"))
	}
	if l := m.tasksLine(); l != "" { // tasks.go
		parts = append(parts, l)
	}
	for _, q := range m.queue {
		parts = append(parts, styleDim.Render("  ⏎ queued: "+ansi.Truncate(firstLine(q), max(m.width-14, 10), "…")))
	}
	if m.notice != "" {
		parts = append(parts, paint(styleWarn, ansi.Wrap(m.notice, max(m.width-1, 10), ""))) // wrapped: a notice says what to do
	}
	var cursor *tea.Cursor
	if m.dialog != nil {
		parts = append(parts, m.dialog.view(m))
	} else if !m.quitting {
		above := strings.Count(strings.Join(parts, "\n"), "\n") + len(parts)
		rule := styleDim.Render(strings.Repeat("─", max(m.width-1, 10)))
		if m.search != nil {
			parts = append(parts, rule, m.searchView(), rule)
		} else {
			parts = append(parts, rule, m.input.View(), rule)
			if c := m.input.Cursor(); c != nil {
				c.Y += above + 1
				cursor = c
			}
		}
		switch {
		case m.menu != nil:
			parts = append(parts, m.menuView())
		case m.shortcuts:
			parts = append(parts, m.shortcutsView()) // shortcuts.go
		default:
			parts = append(parts, m.statusArea())
		}
	}
	return m.colours(strings.Join(parts, "\n")), cursor
}

// statusLine: model, mode, context used, session cost.
func (m *model) statusLine() string {
	ctx := "0%"
	if m.ctxTokens > 0 {
		ctx = fmt.Sprintf("%d%%", (100*m.ctxTokens+contextWindow/2)/contextWindow)
	}
	s := m.vimLabel() + fmt.Sprintf("%s · %s · ctx %s · $%.4f", orDash(m.modelName), modeLabel(m.mode), ctx, m.costUSD)
	if hint := " · shift+tab to cycle"; (m.mode == "default" || m.mode == "") &&
		ansi.StringWidth(s+hint) <= m.width-3 { // the hint goes whole or not at all
		s += styleDim.Render(hint)
	}
	return styleDim.Render("  ") + ansi.Truncate(s, max(m.width-3, 10), "…")
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

func lastLine(s string, w int) string {
	s = strings.TrimRight(s, "\n")
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return ansi.Truncate(s, max(w, 10), "…")
}
