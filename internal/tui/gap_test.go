package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	"corvid/internal/event"
	"corvid/internal/provider"
)

// Blocks printed as they complete keep the blank lines between them.
func TestFlushedBlocksKeepTheirGaps(t *testing.T) {
	md := "# Plan\n\nI will write.\n\nThen more.\n\nThe end."
	turn := func(ctx context.Context, f *fakeConv) event.Result {
		for _, part := range strings.SplitAfter(md, "\n\n") {
			f.sink(event.Delta{Kind: event.KindText, Text: part})
			time.Sleep(3 * frameInterval) // each block flushes on its own frame
		}
		f.sink(event.Assistant{Block: provider.TextBlock(md)})
		return event.Result{Subtype: event.SubtypeSuccess}
	}
	h := newHarness(t, 80, []turnFunc{turn}, nil)
	h.typeLine("go")
	h.waitFor("the end", func(p, _ string) bool { return strings.Contains(p, "The end.") })
	got := h.scrollback()
	got = got[strings.Index(got, "# Plan"):]
	if want := "# Plan\n\n  I will write.\n\n  Then more.\n\n  The end."; got != want {
		t.Errorf("scrollback\n%q\nwant\n%q", got, want)
	}
}
