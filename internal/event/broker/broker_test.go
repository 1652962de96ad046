package broker

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/goleak"

	"corvid/internal/event"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// recorder is a sink that notes what it got and fails the test if it is
// ever entered twice at once.
type recorder struct {
	t      *testing.T
	inside atomic.Int32
	mu     sync.Mutex
	evs    []event.Event
	delay  time.Duration
}

func (r *recorder) sink(ev event.Event) {
	if r.inside.Add(1) != 1 {
		r.t.Error("sink entered from two goroutines at once")
	}
	if r.delay > 0 {
		time.Sleep(r.delay)
	}
	r.mu.Lock()
	r.evs = append(r.evs, ev)
	r.mu.Unlock()
	r.inside.Add(-1)
}

func (r *recorder) events() []event.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]event.Event(nil), r.evs...)
}

func subscribe(t *testing.T, b *Broker, r *recorder, opts Options) {
	t.Helper()
	if err := b.Subscribe(r.sink, opts); err != nil {
		t.Fatal(err)
	}
}

// TestConcurrentPublishersKeepOrder: events of many publishers reach
// every subscriber once each, serially, each publisher's in its order,
// and all subscribers in one and the same order.
func TestConcurrentPublishersKeepOrder(t *testing.T) {
	b := New()
	a, c := &recorder{t: t}, &recorder{t: t}
	subscribe(t, b, a, Options{})
	subscribe(t, b, c, Options{Buffer: 3})
	const pubs, each = 8, 200
	var wg sync.WaitGroup
	for p := range pubs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				id := fmt.Sprintf("%d/%d", p, i)
				if i%3 == 0 {
					b.Publish(event.Notice{Text: id})
				} else {
					b.Publish(event.Delta{Index: p, Kind: event.KindText, Text: id})
				}
			}
		}()
	}
	wg.Wait()
	b.Close()
	got := a.events()
	if len(got) != pubs*each {
		t.Fatalf("%d events delivered, want %d", len(got), pubs*each)
	}
	next := make([]int, pubs)
	for _, ev := range got {
		var p, i int
		fmt.Sscanf(text(ev), "%d/%d", &p, &i)
		if i != next[p] {
			t.Fatalf("publisher %d: event %d delivered when %d was due", p, i, next[p])
		}
		next[p]++
	}
	other := c.events()
	for i := range got {
		if text(got[i]) != text(other[i]) {
			t.Fatalf("subscribers disagree at %d: %q and %q", i, text(got[i]), text(other[i]))
		}
	}
}

func text(ev event.Event) string {
	switch ev := ev.(type) {
	case event.Notice:
		return ev.Text
	case event.Delta:
		return ev.Text
	}
	return ""
}

// TestCoalescingKeepsText: a slow coalescing subscriber receives fewer
// deltas whose text, concatenated per block, is exactly what was
// published; a non-coalescing one receives every delta.
func TestCoalescingKeepsText(t *testing.T) {
	b := New()
	slow := &recorder{t: t, delay: time.Millisecond}
	all := &recorder{t: t}
	subscribe(t, b, slow, Options{Coalesce: true})
	subscribe(t, b, all, Options{})
	var want [2]strings.Builder
	const n = 400
	for i := range n {
		idx := (i / 50) % 2 // runs of 50 deltas per block, alternating
		s := fmt.Sprintf("<%d>", i)
		want[idx].WriteString(s)
		b.Publish(event.Delta{Index: idx, Kind: event.KindText, Text: s})
	}
	b.Publish(event.Result{Text: "end"})
	b.Close()
	var got [2]strings.Builder
	deltas := 0
	for _, ev := range slow.events() {
		if d, ok := ev.(event.Delta); ok {
			got[d.Index].WriteString(d.Text)
			deltas++
		}
	}
	for i := range got {
		if got[i].String() != want[i].String() {
			t.Errorf("block %d: coalesced text differs from the published text", i)
		}
	}
	if deltas >= n {
		t.Errorf("a subscriber 1ms per event slower got %d deltas of %d: nothing was merged", deltas, n)
	}
	if len(all.events()) != n+1 {
		t.Errorf("the non-coalescing subscriber got %d events, want %d", len(all.events()), n+1)
	}
}

// TestSlowSubscriberLosesNothing: with a tiny buffer and a slow
// subscriber, every result, tool result and error arrives, in order, and
// a sync point's Publish returns only after it was delivered.
func TestSlowSubscriberLosesNothing(t *testing.T) {
	b := New()
	slow := &recorder{t: t, delay: 200 * time.Microsecond}
	subscribe(t, b, slow, Options{Coalesce: true, Buffer: 2})
	var want []string
	for i := range 100 {
		b.Publish(event.Delta{Kind: event.KindText, Text: "x"})
		var ev event.Event
		switch i % 3 {
		case 0:
			ev = event.ToolResult{ToolUseID: fmt.Sprint(i)}
		case 1:
			ev = event.Retry{Message: fmt.Sprint(i)}
		default:
			ev = event.Result{Text: fmt.Sprint(i)}
		}
		want = append(want, fmt.Sprintf("%T:%d", ev, i))
		b.Publish(ev)
		if evs := slow.events(); fmt.Sprintf("%v", evs[len(evs)-1]) != fmt.Sprintf("%v", ev) {
			t.Fatalf("Publish(%T) returned before it was delivered", ev)
		}
	}
	b.Close()
	var got []string
	for _, ev := range slow.events() {
		switch ev := ev.(type) {
		case event.ToolResult:
			got = append(got, fmt.Sprintf("%T:%s", ev, ev.ToolUseID))
		case event.Retry:
			got = append(got, fmt.Sprintf("%T:%s", ev, ev.Message))
		case event.Result:
			got = append(got, fmt.Sprintf("%T:%s", ev, ev.Text))
		}
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("delivered\n%v\nwant\n%v", got, want)
	}
}

// TestCloseDrains: Close returns after every queued delta was delivered
// and its goroutines ended (goleak checks the latter); later events are
// still delivered, in order, and Subscribe fails.
func TestCloseDrains(t *testing.T) {
	b := New()
	r := &recorder{t: t, delay: 100 * time.Microsecond}
	subscribe(t, b, r, Options{})
	for range 50 {
		b.Publish(event.Delta{Kind: event.KindText, Text: "x"})
	}
	b.Close()
	if n := len(r.events()); n != 50 {
		t.Fatalf("%d of 50 queued deltas delivered by Close", n)
	}
	b.Publish(event.Notice{Text: "late"})
	if evs := r.events(); len(evs) != 51 || text(evs[50]) != "late" {
		t.Errorf("an event published after Close was not delivered")
	}
	if err := b.Subscribe(r.sink, Options{}); err != ErrClosed {
		t.Errorf("Subscribe after Close: %v, want ErrClosed", err)
	}
	b.Close()
}

// TestSyncWaitsForDeltas: Sync returns after the deltas queued before it.
func TestSyncWaitsForDeltas(t *testing.T) {
	b := New()
	defer b.Close()
	r := &recorder{t: t, delay: 100 * time.Microsecond}
	subscribe(t, b, r, Options{})
	for range 20 {
		b.Publish(event.Delta{Kind: event.KindText, Text: "x"})
	}
	b.Sync()
	if n := len(r.events()); n != 20 {
		t.Errorf("%d of 20 deltas delivered when Sync returned", n)
	}
}
