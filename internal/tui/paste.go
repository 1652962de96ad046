package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
)

const (
	// pasteCollapseLines and pasteCollapseBytes: a paste bigger than
	// either shows as a placeholder in the input box.
	pasteCollapseLines = 10
	pasteCollapseBytes = 1000
	// maxPaste caps one paste.
	maxPaste = 16 << 20
)

// pastes holds the collapsed pastes of the input being typed, expanded
// when it is sent.
type pastes struct {
	n     int
	texts map[string]string
}

// paste inserts pasted text, collapsed to a placeholder when large.
func (m *model) paste(text string) tea.Cmd {
	if m.o.takePaste != nil {
		text = m.o.takePaste(text)
	}
	if m.dialog != nil {
		if p, ok := m.dialog.(paster); ok { // a dialog's text input (permsdialog.go)
			p.paste(text)
			return nil
		}
		if m.guarded() { // dialogguard.go: dropped, as typing is, and an enter right after it is not an answer
			m.typedAt = m.o.now()
		}
		return nil
	}
	if cmd, ok := m.pasteImagePath(text); ok { // image.go
		return cmd
	}
	if len(text) > maxPaste {
		m.notice = fmt.Sprintf("Paste refused: %d bytes is more than the %d MiB limit (%v)", len(text), maxPaste>>20, ErrPasteTooLarge)
		return nil
	}
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	text = cleanMarkdown(text) // sanitize.go: escape sequences and control characters go, tabs stay
	lines := strings.Count(text, "\n")
	if lines < pasteCollapseLines && len(text) < pasteCollapseBytes {
		m.input.InsertString(text)
		m.afterEdit()
		return nil
	}
	m.input.InsertString(m.pastes.add(text, lines))
	m.afterEdit()
	return nil
}

// add stores text and returns its placeholder.
func (p *pastes) add(text string, lines int) string {
	p.n++
	if p.texts == nil {
		p.texts = map[string]string{}
	}
	ph := fmt.Sprintf("[Pasted text #%d +%d lines]", p.n, lines)
	p.texts[ph] = text
	return ph
}

// expand replaces the placeholders still in s by their text.
func (p pastes) expand(s string) string {
	for ph, text := range p.texts {
		s = strings.ReplaceAll(s, ph, text)
	}
	return s
}
