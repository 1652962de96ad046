package tui

import (
	"context"
	"strings"
	"testing"

	"corvid/internal/event"
)

// A turn ended because the transcript could not be saved says what to do
// next; before, it only named the failure, and every later prompt failed
// the same way with no way out shown.
func TestTranscriptFailureSaysWhatToDo(t *testing.T) {
	failed := func(context.Context, *fakeConv) event.Result {
		return event.Result{Subtype: event.SubtypeDuringExecution, IsError: true, TerminalReason: "transcript_error",
			Errors: []string{"the transcript could not be saved: /c/projects/p/s.jsonl: no space left on device"}}
	}
	h := newHarness(t, 120, []turnFunc{failed}, nil)
	h.typeLine("hello")
	h.waitFor("the hint", func(p, _ string) bool {
		return strings.Contains(p, "no space left on device. Nothing more of this session can be saved") &&
			strings.Contains(p, "then /clear to start a new session")
	})
}
