package tui

import (
	"strings"

	"corvid/internal/provider"
)

// promptBlocks is a prompt's content: its text with each attached
// image's placeholder replaced by the image, in the order typed
// (text, image, text…; blank text between images is left out). A
// placeholder with no image behind it stays text. The images sent are
// forgotten, with those nothing refers to any more.
func (m *model) promptBlocks(text string) []provider.Block {
	if isSlash(text) {
		return []provider.Block{provider.TextBlock(text)}
	}
	var blocks []provider.Block
	rest := text
	for {
		i, ph := m.nextImage(rest)
		if i < 0 {
			break
		}
		if seg := rest[:i]; strings.TrimSpace(seg) != "" {
			blocks = append(blocks, provider.TextBlock(seg))
		}
		blocks = append(blocks, *m.img.entries[ph].block)
		rest = rest[i+len(ph):]
	}
	if len(blocks) == 0 {
		return []provider.Block{provider.TextBlock(text)}
	}
	if strings.TrimSpace(rest) != "" {
		blocks = append(blocks, provider.TextBlock(rest))
	}
	m.img.prune(m.input.Value(), strings.Join(m.queue, "\n"))
	return blocks
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

// imagesLoading reports (in the notice) an image of text still being
// prepared: enter waits for it rather than send the prompt without it.
func (m *model) imagesLoading(text string) bool {
	for ph, e := range m.img.entries {
		if e.block == nil && strings.Contains(text, ph) {
			m.notice = ph + " is still being prepared; press Enter again in a moment"
			return true
		}
	}
	return false
}
