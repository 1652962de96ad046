package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// fitLines wraps each line of a dialog wider than w, so the screen,
// which cuts what is wider than the terminal, loses none of it (an
// "always" option names the rules it will save). A continued line is
// indented under the text of its first: past an option's "❯ 1. ", or
// to the line's own indent.
func fitLines(s string, w int) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if ansi.StringWidth(l) <= w {
			continue
		}
		pad := min(hangIndent(ansi.Strip(l)), w/2)
		wrapped := strings.Split(ansi.Wrap(l, w-pad, ""), "\n")
		for j := 1; j < len(wrapped); j++ {
			wrapped[j] = strings.Repeat(" ", pad) + wrapped[j]
		}
		lines[i] = strings.Join(wrapped, "\n")
	}
	return strings.Join(lines, "\n")
}

// hangIndent is where a line's text starts: after its leading spaces,
// and after an option's "❯ " and "N. ".
func hangIndent(l string) int {
	n := len(l) - len(strings.TrimLeft(l, " "))
	rest := strings.TrimPrefix(l[n:], "❯ ")
	if rest != l[n:] {
		n += 2
	}
	if i := strings.Index(rest, ". "); i > 0 && i <= 2 && isDigits(rest[:i]) {
		n += i + 2
	}
	return n
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}
