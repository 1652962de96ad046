package tui

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"corvid/internal/event"
	"corvid/internal/permission"
)

// A conversation that /clear (or /resume) cannot open does not end the
// interface: the failure is reported and the conversation the user was
// in is opened again, where the next prompt goes. Before, corvid printed
// "start corvid again" and exited (seen in tmux with /resume of a
// transcript that has no conversation entry).
func TestFailedReopenGoesBack(t *testing.T) {
	var mu sync.Mutex
	var asked []string
	h := newHarness(t, 100, []turnFunc{answer("still here")}, func(o *Options) {
		open := o.Open
		o.Open = func(ctx context.Context, sink event.Sink, asker permission.Asker, resume string) (Backend, error) {
			mu.Lock()
			asked = append(asked, resume)
			mu.Unlock()
			if resume == "-" {
				return nil, errors.New("session: cannot make sense of the transcript")
			}
			return open(ctx, sink, asker, resume)
		}
	})
	h.waitFor("the conversation", func(p, _ string) bool { return strings.Contains(p, "corvid") })
	h.typeLine("/clear")
	h.waitFor("the report", func(p, _ string) bool {
		return strings.Contains(p, "Could not open that conversation: session: cannot make sense") &&
			strings.Contains(p, "back in the conversation you were in")
	})
	h.typeLine("are you there?")
	if got := h.prompt(0); got != "are you there?" {
		t.Errorf("prompt %q", got)
	}
	h.waitFor("the answer", func(p, _ string) bool { return strings.Contains(p, "still here") })
	mu.Lock()
	defer mu.Unlock()
	if len(asked) != 3 || asked[1] != "-" || asked[2] != "sess-1" {
		t.Errorf("opened %q, want the first, the new one, then sess-1 again", asked)
	}
}
