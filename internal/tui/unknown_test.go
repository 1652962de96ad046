package tui

import (
	"strings"
	"testing"
	"time"
)

// An unknown /name is refused with the nearest command, as Claude Code
// does, and never reaches the model; a line that is a path (/tmp/x.txt
// …) is a prompt. Before, "/stauts" was sent to the model.
func TestUnknownCommandIsNotSentToTheModel(t *testing.T) {
	h := newHarness(t, 80, []turnFunc{answer("about the file")}, nil)
	h.waitFor("the conversation", func(p, _ string) bool { return strings.Contains(p, "corvid") })
	h.typeLine("/stauts now")
	h.waitFor("the refusal", func(p, _ string) bool {
		return strings.Contains(p, "✗ Unknown command: /stauts. Did you mean /status?")
	})
	h.typeLine("/zzzzzzzz")
	h.waitFor("the refusal", func(p, _ string) bool { return strings.Contains(p, "Unknown command: /zzzzzzzz · /help") })
	h.typeLine("/tmp/notes.txt what is in it?")
	if got := h.prompt(0); got != "/tmp/notes.txt what is in it?" {
		t.Errorf("the path prompt went as %q", got)
	}
	time.Sleep(50 * time.Millisecond)
	if n := len(h.conv.promptTexts()); n != 1 {
		t.Errorf("%d prompts reached the model, want 1 (the path)", n)
	}
}
