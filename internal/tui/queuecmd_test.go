package tui

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/event"
)

// held is a turn that streams a line and then waits for release.
func held(release <-chan struct{}) turnFunc {
	return func(ctx context.Context, f *fakeConv) event.Result {
		f.stream("working", 3)
		select {
		case <-release:
		case <-ctx.Done():
		}
		return event.Result{Subtype: event.SubtypeSuccess}
	}
}

// Commands typed while a turn runs are queued with the messages and run
// at its end in the order typed: /clear (which cannot run during a turn)
// is not refused and lost, and neither it nor /compact is joined into a
// prompt with the messages around them. Before, /clear said "Wait for
// the turn to end" and was gone, and "/compact" queued after a message
// reached the model as text inside that message.
func TestCommandsTypedDuringATurnAreQueued(t *testing.T) {
	release := make(chan struct{})
	h := newHarness(t, 80, []turnFunc{held(release), answer("a1"), answer("a2"), answer("a3")}, nil)
	h.typeLine("first")
	h.waitFor("the turn", func(p, v string) bool { return strings.Contains(p, "working") && strings.Contains(v, "Working") })
	for _, l := range []string{"one", "two", "/compact keep the API notes", "/clear", "three"} {
		h.typeLine(l)
	}
	h.waitFor("the queue", func(_, v string) bool {
		return strings.Contains(v, "queued: /clear") && strings.Contains(v, "queued: three")
	})
	if p := h.scrollback(); strings.Contains(p, "Wait for the turn") {
		t.Fatalf("a command was refused:\n%s", p)
	}
	close(release)
	for i, want := range []string{"first", "one\n\ntwo", "/compact keep the API notes", "three"} {
		if got := h.prompt(i); got != want {
			t.Errorf("prompt %d = %q, want %q", i, got, want)
		}
	}
	h.waitFor("the new conversation's banner", func(p, _ string) bool {
		return strings.Count(p, "✻ corvid") == 2 && strings.Index(p, "> /clear") < strings.LastIndex(p, "✻ corvid")
	})
}

// Up on an empty input takes the queued messages back into the box to
// edit them; they are then no longer queued.
func TestUpEditsTheQueue(t *testing.T) {
	release := make(chan struct{})
	h := newHarness(t, 80, []turnFunc{held(release), answer("a1")}, nil)
	h.typeLine("first")
	h.waitFor("the turn", func(p, v string) bool { return strings.Contains(p, "working") && strings.Contains(v, "Working") })
	h.typeLine("fix the tset")
	h.waitFor("the queue", func(_, v string) bool { return strings.Contains(v, "queued: fix the tset") })
	h.key(tea.KeyUp, 0)
	h.waitFor("the message in the box", func(_, v string) bool {
		return strings.Contains(v, "> fix the tset") && !strings.Contains(v, "queued:")
	})
	for range 3 {
		h.key(tea.KeyBackspace, 0)
	}
	h.tm.Type("est")
	h.key(tea.KeyEnter, 0)
	close(release)
	if got := h.prompt(1); got != "fix the test" {
		t.Errorf("prompt %q, want the edited message", got)
	}
}
