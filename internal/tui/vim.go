package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// vim is /vim's editing mode: insert mode types as usual; esc goes to
// normal mode, where keys move and edit (h j k l, w b e, 0 ^ $, x, D, C,
// dd, dw, i a A I o O); enter sends from either.
type vim struct {
	on, normal bool
	// pending is the first key of a two-key command (d).
	pending string
}

// cmdVim turns vim mode on or off.
func (m *model) cmdVim(string) tea.Cmd {
	m.vim = vim{on: !m.vim.on}
	if m.vim.on {
		return m.println(styleDim.Render("  ⎿ Vim mode on: esc for normal mode, i to insert (/vim turns it off)"))
	}
	return m.println(styleDim.Render("  ⎿ Vim mode off"))
}

// vimKey handles k in vim mode; handled is false for keys left to the
// usual handling (enter, ctrl keys, and everything in insert mode but
// esc).
func (m *model) vimKey(k tea.KeyPressMsg) (cmd tea.Cmd, handled bool) {
	s := k.String()
	if !m.vim.normal {
		if s == "esc" {
			m.vim.normal = true
			m.edit(tea.KeyPressMsg{Code: tea.KeyLeft})
			return nil, true
		}
		return nil, false
	}
	if p := m.vim.pending; p != "" {
		m.vim.pending = ""
		switch p + s {
		case "dd":
			m.deleteLine()
		case "dw":
			m.edit(tea.KeyPressMsg{Code: 'd', Mod: tea.ModAlt})
		}
		return nil, true
	}
	switch s {
	case "enter", "esc", "ctrl+c", "ctrl+d", "shift+tab", "ctrl+o", "ctrl+r", "up", "down":
		return nil, false
	case "j":
		return m.key(tea.KeyPressMsg{Code: tea.KeyDown}), true
	case "k":
		return m.key(tea.KeyPressMsg{Code: tea.KeyUp}), true
	case "d":
		m.vim.pending = s
		return nil, true
	}
	if keys, ok := vimMoves[s]; ok {
		for _, key := range keys {
			m.edit(key)
		}
		return nil, true
	}
	if ins, ok := vimInserts[s]; ok {
		for _, key := range ins.keys {
			m.edit(key)
		}
		if ins.text != "" {
			m.input.InsertString(ins.text)
			if s == "O" {
				m.edit(tea.KeyPressMsg{Code: tea.KeyUp})
			}
			m.afterEdit()
		}
		m.vim.normal = false
		return nil, true
	}
	// Any other text is not typed in normal mode.
	return nil, k.Text != "" || len(s) == 1
}

// vimMoves are normal-mode keys as the editor's own keys.
var vimMoves = map[string][]tea.KeyPressMsg{
	"h": {{Code: tea.KeyLeft}}, "left": {{Code: tea.KeyLeft}},
	"l": {{Code: tea.KeyRight}}, "right": {{Code: tea.KeyRight}}, "space": {{Code: tea.KeyRight}},
	"w": {{Code: 'f', Mod: tea.ModAlt}}, "e": {{Code: 'f', Mod: tea.ModAlt}}, "b": {{Code: 'b', Mod: tea.ModAlt}},
	"0": {{Code: tea.KeyHome}}, "^": {{Code: tea.KeyHome}}, "$": {{Code: tea.KeyEnd}, {Code: tea.KeyLeft}},
	"x": {{Code: tea.KeyDelete}}, "D": {{Code: 'k', Mod: tea.ModCtrl}},
}

// vimInserts are the keys that go to insert mode, after moving (and
// opening a line for o and O).
var vimInserts = map[string]struct {
	keys []tea.KeyPressMsg
	text string
}{
	"i": {}, "a": {keys: []tea.KeyPressMsg{{Code: tea.KeyRight}}},
	"A": {keys: []tea.KeyPressMsg{{Code: tea.KeyEnd}}}, "I": {keys: []tea.KeyPressMsg{{Code: tea.KeyHome}}},
	"C": {keys: []tea.KeyPressMsg{{Code: 'k', Mod: tea.ModCtrl}}},
	"o": {keys: []tea.KeyPressMsg{{Code: tea.KeyEnd}}, text: "\n"},
	"O": {keys: []tea.KeyPressMsg{{Code: tea.KeyHome}}, text: "\n"},
}

// edit hands a key to the editor.
func (m *model) edit(k tea.KeyPressMsg) {
	m.input, _ = m.input.Update(k)
	m.afterEdit()
}

// deleteLine is dd: the cursor's line goes.
func (m *model) deleteLine() {
	lines := strings.Split(m.input.Value(), "\n")
	row := min(m.input.Line(), len(lines)-1)
	lines = append(lines[:row], lines[row+1:]...)
	m.setInput(strings.Join(lines, "\n"))
	m.input.MoveToBegin()
	for range min(row, len(lines)-1) {
		m.input.CursorDown()
	}
}

// vimLabel is the mode shown in the status line.
func (m *model) vimLabel() string {
	switch {
	case !m.vim.on:
		return ""
	case m.vim.normal:
		return "-- NORMAL -- · "
	}
	return "-- INSERT -- · "
}
