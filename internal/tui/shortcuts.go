package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// keyHelp are the keys: /help lists them with the long description,
// ? shows them with the short one.
var keyHelp = []struct{ key, desc, short string }{
	{"enter", "send (queued while corvid works)", "send"},
	{"shift+enter, ctrl+j", "new line (or end the line with \\)", "new line"},
	{"esc", "interrupt the turn", "interrupt"},
	{"esc esc", "clear the input; on an empty one, rewind to an earlier prompt", "clear / rewind"},
	{"ctrl+c", "clear the input; twice to exit", "clear; twice to exit"},
	{"ctrl+d", "exit on an empty line", "exit"},
	{"shift+tab", "cycle the permission mode", "permission mode"},
	{"up/down", "prompt history", "history"},
	{"ctrl+r", "search the prompt history", "search history"},
	{"ctrl+o", "expand or collapse tool output", "expand output"},
	{"ctrl+v", "paste an image", "paste an image"},
	{"ctrl+y", "put back what ctrl+w, ctrl+k or ctrl+u deleted", "yank"},
	{"@path", "mention a file (tab completes)", "mention a file"},
	{"/", "commands", "commands"},
	{"!cmd", "run a shell command (its output goes to the model with your next prompt)", "shell command"},
	{"?", "these shortcuts", "these shortcuts"},
}

// shortcutsKey is ? on an empty input (not in vim's normal mode): it
// shows the keys under the input box; the next key hides them (a second
// ? only hides them). It reports whether it took the key.
func (m *model) shortcutsKey(s string) bool {
	if m.shortcuts {
		m.shortcuts = false
		return s == "?"
	}
	if s == "?" && m.input.Value() == "" && !(m.vim.on && m.vim.normal) {
		m.shortcuts = true
		return true
	}
	return false
}

// shortcutsView lists the keys in two columns when the width allows.
func (m *model) shortcutsView() string {
	cells := make([]string, len(keyHelp))
	for i, k := range keyHelp {
		cells[i] = k.key + styleDim.Render(" · "+k.short)
	}
	colW := (m.width - 3) / 2
	if colW < 40 {
		for i, c := range cells {
			cells[i] = "  " + ansi.Truncate(c, max(m.width-3, 10), "…")
		}
		return strings.Join(cells, "\n")
	}
	var b strings.Builder
	half := (len(cells) + 1) / 2
	for i := range half {
		left := ansi.Truncate(cells[i], colW-1, "…")
		b.WriteString("  " + left)
		if j := i + half; j < len(cells) {
			b.WriteString(strings.Repeat(" ", colW-ansi.StringWidth(left)) + ansi.Truncate(cells[j], colW-1, "…"))
		}
		if i < half-1 {
			b.WriteString("\n")
		}
	}
	return b.String()
}
