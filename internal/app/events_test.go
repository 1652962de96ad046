package app

import (
	"strings"
	"sync/atomic"
	"testing"

	"go.uber.org/goleak"

	"corvid/internal/event"
	"corvid/internal/provider/providertest"
)

// serialRecorder is a recorder that fails the test when it is entered by
// two goroutines at once.
type serialRecorder struct {
	recorder
	t      *testing.T
	inside atomic.Int32
}

func (r *serialRecorder) sink(ev event.Event) {
	if r.inside.Add(1) != 1 {
		r.t.Error("sink entered by two goroutines at once")
	}
	r.recorder.sink(ev)
	r.inside.Add(-1)
}

// Two consumers of one conversation: each receives the turn's events
// serially, in one order, and the result is delivered to both before
// Submit returns; the coalescing one gets the same streamed text. Close
// leaves no goroutine behind.
func TestConversationSubscribers(t *testing.T) {
	defer noLeaks(t, goleak.IgnoreCurrent())
	text := strings.Repeat("streamed in many deltas. ", 40)
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text(text)}, ChunkSize: 5}}})
	a, b := &serialRecorder{t: t}, &serialRecorder{t: t}
	opts := baseOptions(fakeAPI(srv))
	opts.Sink, opts.NoSessionPersistence, opts.PartialMessages = a.sink, true, true
	c, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Subscribe(b.sink, true); err != nil {
		t.Fatal(err)
	}
	res := c.SubmitText(t.Context(), "go")
	for name, r := range map[string]*serialRecorder{"sink": a, "subscriber": b} {
		evs := r.all()
		last, ok := evs[len(evs)-1].(event.Result)
		if !ok || last.Text != res.Text || res.Text != text {
			t.Fatalf("%s: last event %T when Submit returned, want the result", name, evs[len(evs)-1])
		}
		var got strings.Builder
		for _, ev := range evs {
			if d, ok := ev.(event.Delta); ok {
				got.WriteString(d.Text)
			}
		}
		if got.String() != text {
			t.Errorf("%s: deltas add up to %q", name, got.String())
		}
	}
	c.Close()
	if err := c.Subscribe(b.sink, false); err == nil {
		t.Error("Subscribe after Close succeeded")
	}
}
