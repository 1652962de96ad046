package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/provider"
)

// A prompt recalled with up, or with ctrl+r, is sent whole again: its
// collapsed pastes and its images come back with it, in this session and
// (pastes) in the next one; a draft's own paste survives browsing past
// it; a paste too big for the file stays in this session's history only.
func TestRecalledPromptKeepsItsPastesAndImages(t *testing.T) {
	dir := t.TempDir()
	img := writeFile(t, filepath.Join(dir, "a.png"), testPNG(t, 4, 4))
	config := t.TempDir()
	pasted := strings.Repeat("pasted line\n", 20)
	h := newHarness(t, 100, []turnFunc{answer("one"), answer("two"), answer("three"), answer("four")},
		func(o *Options) { o.ConfigDir = config })
	h.tm.Type("look: ")
	h.tm.Send(tea.PasteMsg{Content: pasted})
	h.tm.Send(tea.PasteMsg{Content: img})
	h.waitFor("the placeholders", func(_, v string) bool { return strings.Contains(v, "[Pasted text #1 +20 lines] [Image #1]") })
	h.key(tea.KeyEnter, 0)
	want := "look: " + pasted + " [Image #1]\n\n[Image: source: " + img + "]" // the texts sent
	if got := h.prompt(0); got != want {
		t.Fatalf("first prompt %q", got)
	}
	h.waitFor("the answer", func(p, _ string) bool { return strings.Contains(p, "one") })

	// Up recalls the prompt with its paste; down, then a draft with a paste
	// of its own, a search left with esc: the draft is whole.
	h.key(tea.KeyUp, 0)
	h.waitFor("the recalled prompt", func(_, v string) bool { return strings.Contains(v, "> look: [Pasted text #1 +20 lines] [Image #1]") })
	h.key(tea.KeyDown, 0)
	h.waitFor("the empty draft", func(_, v string) bool { return strings.Contains(v, "> Type a message") })
	draft := strings.Repeat("draft line\n", 12)
	h.tm.Send(tea.PasteMsg{Content: draft})
	h.waitFor("the draft's placeholder", func(_, v string) bool { return strings.Contains(v, "> [Pasted text #1 +12 lines]") })
	h.key('r', tea.ModCtrl)
	h.tm.Type("look")
	h.waitFor("the search's match", func(_, v string) bool { return strings.Contains(v, "look: [Pasted text #1 +20 lines]") })
	h.key(tea.KeyEscape, 0)
	h.waitFor("the draft again", func(_, v string) bool { return strings.Contains(v, "> [Pasted text #1 +12 lines]") })
	h.key(tea.KeyEnter, 0)
	if got := h.prompt(1); got != draft {
		t.Fatalf("the draft was sent as %q", got)
	}
	h.waitFor("the answer", func(p, _ string) bool { return strings.Contains(p, "two") })

	// ctrl+r finds the first prompt; it goes out with its paste and image.
	h.key('r', tea.ModCtrl)
	h.tm.Type("look")
	h.key(tea.KeyEnter, 0)
	h.waitFor("the match in the input", func(_, v string) bool { return strings.Contains(v, "> look: [Pasted text #1 +20 lines]") })
	h.key(tea.KeyEnter, 0)
	blocks := h.promptBlocks(2)
	if len(blocks) != 3 || blocks[0].Text != "look: "+pasted+" [Image #1]" || blocks[1].Type != provider.BlockImage {
		t.Fatalf("the recalled prompt went out as %+v", blocks)
	}

	// A later session: the paste comes back from the file.
	data, err := os.ReadFile(historyPath(config, "/work/proj"))
	if err != nil || !strings.Contains(string(data), `"pastedContents"`) {
		t.Fatalf("history file %q, %v", data, err)
	}
	h2 := newHarness(t, 100, []turnFunc{answer("again")}, func(o *Options) { o.ConfigDir = config })
	h2.key(tea.KeyUp, 0) // the newest entry: the prompt the search found
	h2.waitFor("the first prompt", func(_, v string) bool { return strings.Contains(v, "> look: [Pasted text #1 +20 lines]") })
	h2.key(tea.KeyEnter, 0)
	// Images are kept for this session only: the placeholder is text.
	if got := h2.prompt(0); got != "look: "+pasted+" [Image #1]" {
		t.Fatalf("in a later session it went out as %q", got)
	}
}

// An entry whose pastes do not fit in the file is not written there (a
// placeholder without its text would be sent as is), and the file's old
// plain entries still load.
func TestHistoryFileEntries(t *testing.T) {
	big := attachment{Pasted: map[string]string{"[Pasted text #1 +1 lines]": strings.Repeat("x", maxHistoryEntry)}}
	if _, ok := encodeEntry("[Pasted text #1 +1 lines]", big); ok {
		t.Error("an entry bigger than the cap would be written")
	}
	dir := t.TempDir()
	h := loadHistory(dir, "/p")
	h.add("plain", attachment{})
	h.add("[Pasted text #1 +1 lines]", big)
	small := attachment{Pasted: map[string]string{"[Pasted text #2 +3 lines]": "a\nb\nc\n"}}
	h.add("with [Pasted text #2 +3 lines]", small)
	if len(h.entries) != 3 {
		t.Fatalf("in memory: %q", h.entries)
	}
	again := loadHistory(dir, "/p")
	if len(again.entries) != 2 || again.entries[0] != "plain" || again.att[1].Pasted["[Pasted text #2 +3 lines]"] != "a\nb\nc\n" {
		t.Fatalf("from the file: %q %+v", again.entries, again.att)
	}
}
