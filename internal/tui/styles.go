package tui

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"corvid/internal/permission"
)

// Colours are ANSI 16 so they follow the terminal's light or dark theme.
var (
	styleDim    = lipgloss.NewStyle().Faint(true)
	styleErr    = lipgloss.NewStyle().Foreground(lipgloss.Red)
	styleOK     = lipgloss.NewStyle().Foreground(lipgloss.Green)
	styleAccent = lipgloss.NewStyle().Foreground(lipgloss.Magenta)
	styleBold   = lipgloss.NewStyle().Bold(true)
	styleAdd    = lipgloss.NewStyle().Foreground(lipgloss.Green)
	styleDel    = lipgloss.NewStyle().Foreground(lipgloss.Red)
	styleWarn   = lipgloss.NewStyle().Foreground(lipgloss.Yellow)
)

func (m *model) dim(s string) string { return paint(styleDim, s) }

// paint styles each line on its own: lipgloss pads a multi-line block
// to its widest line, and trailing padding would wrap on narrow
// terminals.
func paint(st lipgloss.Style, s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = st.Render(l)
		}
	}
	return strings.Join(lines, "\n")
}

func (m *model) errorLine(s string) string { return styleErr.Render("✗ " + s) }

// userLine echoes a prompt into the scrollback.
func (m *model) userLine(text string) string {
	lines := strings.Split(cleanText(text), "\n")
	for i, l := range lines {
		prefix := "  "
		if i == 0 {
			prefix = "> "
		}
		lines[i] = prefix + l
	}
	return paint(styleDim, ansi.Wrap(strings.Join(lines, "\n"), max(m.width-1, 10), ""))
}

// banner opens the session, wrapped to the width (a long path breaks
// at its slashes).
func (m *model) banner(cwd string) string {
	text := ansi.Wrap("✻ corvid  "+cwd+" · /help for commands", max(m.width-1, 10), "/")
	head, rest, _ := strings.Cut(text, "✻ corvid")
	return head + styleAccent.Render("✻ corvid") + paint(styleDim, rest)
}

// thinkingBlock is a finished thinking block: dimmed, collapsed to its
// first lines (unless ctrl+o expanded output).
func (m *model) thinkingBlock(text string) string {
	text = strings.TrimSpace(text)
	if text == "" {
		return ""
	}
	lines := 3
	if m.expanded { // ctrl+o
		lines = maxExpandedLines
	}
	body := collapse(ansi.Wrap(text, max(m.width-4, 10), ""), lines)
	return paint(styleDim.Italic(true), "✻ Thinking…\n"+indent(body, "  "))
}

// modeLabel names a mode in the status line.
func modeLabel(mo permission.Mode) string {
	switch mo {
	case permission.ModeAcceptEdits:
		return styleWarn.Render("⏵⏵ accept edits on")
	case permission.ModePlan:
		return styleOK.Render("⏸ plan mode on")
	case permission.ModeBypass:
		return styleErr.Render("⏵⏵ bypass permissions on")
	}
	return "default mode"
}

func permissionMode(s string) permission.Mode { return permission.Mode(s) }

func indent(s, pad string) string {
	lines := strings.Split(s, "\n")
	for i := range lines {
		lines[i] = pad + lines[i]
	}
	return strings.Join(lines, "\n")
}

// collapse keeps the first n lines and says how many more there were.
func collapse(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) <= n {
		return strings.Join(lines, "\n")
	}
	more := len(lines) - n
	return strings.Join(lines[:n], "\n") + "\n" + styleDim.Render("… +"+itoa(more)+" lines")
}

func itoa(n int) string { return strconv.Itoa(n) }

func stripANSI(s string) string { return ansi.Strip(s) }
