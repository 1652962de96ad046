package tui

import (
	"encoding/json"
	"fmt"
	"maps"
	"strings"
)

// maxHistImages is how many of the newest prompts with images keep them
// for recall; older ones come back as their text (an image is up to 5 MB).
const maxHistImages = 4

// attachment is what a prompt's placeholders stood for when it was sent:
// the text of its collapsed pastes, kept in the history file, and its
// images, kept for this session only. Recalling the prompt puts them back,
// so it is sent again whole rather than as "[Pasted text #1 +420 lines]".
type attachment struct {
	Pasted map[string]string `json:"pastedContents,omitempty"`
	images map[string]*imageEntry
}

// same reports two attachments with the same pastes and images.
func (a attachment) same(b attachment) bool {
	if !maps.Equal(a.Pasted, b.Pasted) || len(a.images) != len(b.images) {
		return false
	}
	for ph, e := range a.images {
		if b.images[ph] != e {
			return false
		}
	}
	return true
}

// histLine is a file entry with pastes; one without is a JSON string.
type histLine struct {
	Display string `json:"display"`
	attachment
}

// encodeEntry is an entry's line in the file; false when it is too big
// to keep there (it stays in this session's history).
func encodeEntry(s string, a attachment) ([]byte, bool) {
	if len(a.Pasted) == 0 {
		line, err := json.Marshal(s)
		return line, err == nil
	}
	line, err := json.Marshal(histLine{Display: s, attachment: attachment{Pasted: a.Pasted}})
	return line, err == nil && len(line) <= maxHistoryEntry
}

// decodeEntry reads a file line: a string, or an object with pastes.
func decodeEntry(line []byte) (string, attachment, bool) {
	var s string
	if json.Unmarshal(line, &s) == nil {
		return s, attachment{}, s != ""
	}
	var l histLine
	if json.Unmarshal(line, &l) != nil || l.Display == "" {
		return "", attachment{}, false
	}
	return l.Display, attachment{Pasted: l.Pasted}, true
}

// keepImages lets go of the images of all but the newest maxHistImages
// prompts that have some.
func (h *history) keepImages() {
	kept := 0
	for i := len(h.att) - 1; i >= 0; i-- {
		if len(h.att[i].images) == 0 {
			continue
		}
		if kept++; kept > maxHistImages {
			h.att[i].images = nil
		}
	}
}

// attachmentOf is what the placeholders in v stand for now.
func (m *model) attachmentOf(v string) attachment {
	var a attachment
	for ph, text := range m.pastes.texts {
		if strings.Contains(v, ph) {
			if a.Pasted == nil {
				a.Pasted = map[string]string{}
			}
			a.Pasted[ph] = text
		}
	}
	for ph, e := range m.img.entries {
		if e.block != nil && strings.Contains(v, ph) {
			if a.images == nil {
				a.images = map[string]*imageEntry{}
			}
			a.images[ph] = e
		}
	}
	return a
}

// recall puts a history entry (or the draft) in the input box with the
// pastes and images its placeholders stand for.
func (m *model) recall(s string, a attachment) {
	m.pastes = pastes{}
	for ph, text := range a.Pasted {
		var n, lines int
		if _, err := fmt.Sscanf(ph, "[Pasted text #%d +%d lines]", &n, &lines); err == nil {
			m.pastes.n = max(m.pastes.n, n)
		}
		if m.pastes.texts == nil {
			m.pastes.texts = map[string]string{}
		}
		m.pastes.texts[ph] = text
	}
	for ph, e := range a.images {
		var n int
		if _, err := fmt.Sscanf(ph, "[Image #%d]", &n); err == nil {
			m.img.n = max(m.img.n, n)
		}
		if m.img.entries == nil {
			m.img.entries = map[string]*imageEntry{}
		}
		m.img.entries[ph] = e
	}
	m.setInput(s)
}
