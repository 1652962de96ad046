package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// resizeMidStream narrows the pane from 100 to 60 columns while the
// story streams: the size crosses ssh (the client's SIGWINCH becomes a
// window change, the far side's terminal gets SIGWINCH), and the answer
// is re-wrapped to the new width with no word lost, the live region
// re-fitted under it.
func resizeMidStream(t *testing.T, e *e2e) {
	t.Helper()
	e.typeLine("tell the story")
	if s := e.waitText("Sentence 3 "); strings.Contains(s, "THE END") {
		t.Fatal("the story ended before the resize")
	}
	e.tmux("resize-window", "-t", e.target, "-x", "60", "-y", "30")
	// The whole answer, printed into the scrollback once it ended (the
	// live region shows only its last rows while it streams).
	want := strings.Join(strings.Fields(sshStory), " ")
	s := e.waitFor("the whole story, no word lost", func(s string) bool {
		return strings.Contains(strings.Join(strings.Fields(s), " "), want)
	})
	for _, l := range strings.Split(s, "\n") {
		if (strings.Contains(l, "Sentence") || strings.Contains(l, "THE END")) && ansi.StringWidth(l) > 60 {
			t.Errorf("a story line of %d cells after the resize to 60: %q\n%s", ansi.StringWidth(l), l, s)
		}
	}
	if n := strings.Count(s, "Sentence 1 "); n != 1 {
		t.Errorf("the story's first sentence is on the screen %d times:\n%s", n, s)
	}
	visible := e.tmux("capture-pane", "-p", "-J", "-t", e.target)
	for _, l := range strings.Split(visible, "\n") {
		if ansi.StringWidth(l) > 60 {
			t.Errorf("a line of %d cells on the 60-column screen: %q", ansi.StringWidth(l), l)
		}
	}
}

// escMidStream stops a streaming answer with Esc, sent over ssh as the
// lone byte it is.
func escMidStream(t *testing.T, e *e2e) {
	t.Helper()
	e.typeLine("sing the song")
	e.waitText("Verse 3 ")
	e.keys("Escape")
	if s := e.waitText("Interrupted by user"); strings.Contains(s, "SONG END") {
		t.Error("the song ran to its end: Esc did not stop the turn")
	}
}

// promptText is the last text block of the last message of a request
// body (corvid may put reminders before the prompt's own text).
func promptText(t *testing.T, body []byte) string {
	t.Helper()
	var req struct {
		Messages []struct {
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(body, &req); err != nil || len(req.Messages) == 0 {
		t.Fatalf("request body: %v\n%s", err, body)
	}
	raw := req.Messages[len(req.Messages)-1].Content
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var blocks []struct {
		Type, Text string
	}
	if err := json.Unmarshal(raw, &blocks); err != nil {
		t.Fatal(err)
	}
	text := ""
	for _, b := range blocks {
		if b.Type == "text" {
			text = b.Text
		}
	}
	return text
}
