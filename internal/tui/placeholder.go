package tui

import (
	"strings"
	"unicode"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
)

// deletePlaceholder makes backspace right after a placeholder (an
// attached image, a collapsed paste) delete it whole, as Claude Code
// does; false when the cursor is not right after one.
func (m *model) deletePlaceholder() bool {
	before := m.beforeCursor()
	for _, ph := range m.placeholders() {
		if !strings.HasSuffix(before, ph) {
			continue
		}
		for range utf8.RuneCountInString(ph) {
			m.input, _ = m.input.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
		}
		m.afterEdit()
		return true
	}
	return false
}

// placeholders are those of the images and pastes the input may hold.
func (m *model) placeholders() []string {
	out := make([]string, 0, len(m.img.entries)+len(m.pastes.texts))
	for ph := range m.img.entries {
		out = append(out, ph)
	}
	for ph := range m.pastes.texts {
		out = append(out, ph)
	}
	return out
}

// beforeCursor is the text of the cursor's line before the cursor.
func (m *model) beforeCursor() string {
	lines := strings.Split(m.input.Value(), "\n")
	row := m.input.Line()
	if row < 0 || row >= len(lines) {
		return ""
	}
	r := []rune(lines[row])
	return string(r[:min(max(m.input.Column(), 0), len(r))])
}

// spaceBefore is " " when the character before the cursor is not a
// space (nor the line's start): a placeholder inserted there stays
// apart from the word before it.
func (m *model) spaceBefore() string {
	before := m.beforeCursor()
	if r, _ := utf8.DecodeLastRuneInString(before); before != "" && !unicode.IsSpace(r) {
		return " "
	}
	return ""
}
