package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/provider"
)

// promptBlocks is a prompt's content as Claude Code sends it: the text
// as typed (placeholders kept, so the model can tell the images apart),
// then each attached image its placeholders name, in the order they
// appear, then for each image from a file a note of its path ("[Image:
// source: …]"). A placeholder with no image behind it is only text. The
// images sent are forgotten, with those nothing refers to any more.
func (m *model) promptBlocks(text string) []provider.Block {
	blocks := []provider.Block{provider.TextBlock(text)}
	if isSlash(text) {
		return blocks
	}
	var notes []provider.Block
	seen := map[string]bool{}
	for rest := text; ; {
		i, ph := m.nextImage(rest)
		if i < 0 {
			break
		}
		rest = rest[i+len(ph):]
		if seen[ph] {
			continue
		}
		seen[ph] = true
		e := m.img.entries[ph]
		blocks = append(blocks, *e.block)
		if e.path != "" {
			notes = append(notes, provider.TextBlock("[Image: source: "+e.path+"]"))
		}
	}
	if len(seen) > 0 {
		m.img.prune(m.input.Value(), strings.Join(m.queue, "\n"))
	}
	return append(blocks, notes...)
}

// nextImage finds the first placeholder in s of an image that is ready.
func (m *model) nextImage(s string) (int, string) {
	off := 0
	for {
		i := strings.Index(s[off:], "[Image #")
		if i < 0 {
			return -1, ""
		}
		i += off
		j := strings.IndexByte(s[i:], ']')
		if j < 0 {
			return -1, ""
		}
		ph := s[i : i+j+1]
		if e := m.img.entries[ph]; e != nil && e.block != nil {
			return i, ph
		}
		off = i + 1
	}
}

// imagesLoading reports an image of text still being prepared: enter
// then waits for it rather than send the prompt without it, and sends
// once it is ready, if the input is still text (sendWhenReady).
func (m *model) imagesLoading(text string) bool {
	ph := m.pendingImage(text)
	if ph == "" {
		return false
	}
	m.img.sendWhenReady = text
	m.notice = "Preparing " + ph + "…"
	return true
}

// pendingImage is the placeholder of an image in text still being
// prepared ("" for none).
func (m *model) pendingImage(text string) string {
	for ph, e := range m.img.entries {
		if e.block == nil && strings.Contains(text, ph) {
			return ph
		}
	}
	return ""
}

// sendIfWaiting sends the input an enter waited with, once its images
// are ready and if it was not changed meanwhile.
func (m *model) sendIfWaiting() tea.Cmd {
	v := m.input.Value()
	if m.img.sendWhenReady == "" || m.pendingImage(v) != "" {
		return nil
	}
	waiting := m.img.sendWhenReady
	m.img.sendWhenReady = ""
	if waiting != v {
		return nil
	}
	m.notice = ""
	return m.enter()
}
