package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"corvid/internal/event"
)

// cmdHooks lists the settings hooks in effect: event, matcher, what runs
// and the file each came from, as the conversation reports them.
func (m *model) cmdHooks(string) tea.Cmd {
	if m.conv == nil {
		return nil
	}
	hooks := m.conv.Info().Hooks
	if len(hooks) == 0 {
		return m.println(styleDim.Render("  No hooks configured · add them under \"hooks\" in a settings file"))
	}
	return m.println(hooksTable(hooks, m.width))
}

// hooksTable is one line per hook, columns aligned, each line cut to
// width.
func hooksTable(hooks []event.HookConfig, width int) string {
	rows := make([][4]string, 0, len(hooks)+1)
	rows = append(rows, [4]string{"Event", "Matcher", "Command", "From"})
	for _, h := range hooks {
		matcher := h.Matcher
		if matcher == "" {
			matcher = "*"
		}
		rows = append(rows, [4]string{h.Event, matcher, h.Command, h.File})
	}
	var w [4]int
	for _, r := range rows {
		for i := range w {
			w[i] = max(w[i], ansi.StringWidth(r[i]))
		}
	}
	if width > 0 { // the command gives way, so that the file stays in view
		w[2] = min(w[2], max(12, width-w[0]-w[1]-w[3]-8))
	}
	for i := range rows {
		rows[i][2] = ansi.Truncate(rows[i][2], w[2], "…")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "  %d hook(s) configured\n", len(hooks))
	for i, r := range rows {
		line := "  " + pad(r[0], w[0]) + "  " + pad(r[1], w[1]) + "  " + pad(r[2], w[2]) + "  " + r[3]
		if width > 0 {
			line = ansi.Truncate(line, width, "…")
		}
		if i == 0 {
			line = styleBold.Render(line)
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// pad fills s with spaces to n columns.
func pad(s string, n int) string {
	return s + strings.Repeat(" ", max(0, n-ansi.StringWidth(s)))
}
