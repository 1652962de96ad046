package tui

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// Memory is given back once per transition to idle: when the
// conversation opens, and when a turn ends with nothing queued. Not
// while a turn runs, not for keys or stream events, not when a queued
// message starts the next turn at once, and never on a timer.
func TestSettleOncePerTransitionToIdle(t *testing.T) {
	var settled atomic.Int32
	h := newHarness(t, 80, []turnFunc{blockUntilInterrupt, answer("ok"), answer("third")},
		func(o *Options) { o.settle = func() { settled.Add(1) } })
	waitSettled := func(want int32) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); settled.Load() < want && time.Now().Before(deadline); {
			time.Sleep(5 * time.Millisecond)
		}
		time.Sleep(100 * time.Millisecond) // a call too many would show by now
		if got := settled.Load(); got != want {
			t.Fatalf("settled %d times, want %d", got, want)
		}
	}
	h.waitFor("the banner", func(p, _ string) bool { return strings.Contains(p, "corvid") })
	waitSettled(1)

	h.typeLine("first")
	h.waitFor("the stream", func(p, v string) bool { return strings.Contains(p+v, "Working on it") })
	h.typeLine("queued meanwhile")
	h.waitFor("the queue", func(_, v string) bool { return strings.Contains(v, "queued: queued meanwhile") })
	waitSettled(1)

	h.conv.Interrupt() // the turn ends and the queued message starts the next one: not idle yet
	h.waitFor("the queued turn's answer", func(p, v string) bool {
		return strings.Contains(p, "ok") && !strings.Contains(v, "queued")
	})
	waitSettled(2)

	h.typeLine("again")
	h.waitFor("the third answer", func(p, _ string) bool { return strings.Contains(p, "third") })
	waitSettled(3)
}
