package executor

import (
	"slices"
	"strings"
	"testing"
	"testing/synctest"
)

// TestStreamFailedKeepsStartedSideEffects: once a call with side effects
// started, the executor is kept: the running call finishes and reports
// its own result, a queued call never starts and is answered with an
// error saying the response was cut off, and results keep their order.
func TestStreamFailedKeepsStartedSideEffects(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t)
		e := h.executor(t.Context(), Config{})
		e.Add(call("r", "Reader", ""))
		e.Add(call("x", "Excl", ""))
		e.Add(call("u", "Nope", ""))
		synctest.Wait()
		h.release("r")
		synctest.Wait()
		e.Add(call("y", "Excl", "")) // queued behind x
		if ids, _ := e.Running(); !slices.Equal(ids, []string{"x"}) {
			t.Fatalf("running %v, want x", ids)
		}
		if !e.StreamFailed() {
			t.Fatal("a call with side effects started: the response must be kept")
		}
		h.release("x")
		got := results(drain(e))
		e.Wait()
		if len(got) != 4 || got[0] != "r:done r" || got[1] != "x:done x" ||
			!strings.HasPrefix(got[2], "u:") || !strings.Contains(got[3], "cut off") {
			t.Fatalf("results %v", got)
		}
		if started := h.startedIDs(); slices.Contains(started, "y") {
			t.Fatal("a queued call started after the stream failed")
		}
	})
}

// TestStreamFailedDiscardsWhenOnlyReadOnlyCallsStarted: nothing with side
// effects ran, so the executor is discarded (the response may be retried)
// and the queued call never starts.
func TestStreamFailedDiscardsWhenOnlyReadOnlyCallsStarted(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t)
		e := h.executor(t.Context(), Config{})
		e.Add(call("r", "Reader", ""))
		e.Add(call("x", "Excl", "")) // queued behind r
		e.Add(call("u", "Nope", ""))
		synctest.Wait()
		if e.StreamFailed() {
			t.Fatal("only a read-only call started: the response must be discarded")
		}
		h.release("r")
		if ups := drain(e); len(ups) != 0 {
			t.Fatalf("discarded executor yielded %v", results(ups))
		}
		e.Wait()
		if started := h.startedIDs(); !slices.Equal(started, []string{"r"}) {
			t.Fatalf("started %v, want r only", started)
		}
	})
}

// TestStreamFailedCountsAFinishedSideEffect: a call with side effects that
// already finished still forbids a retry.
func TestStreamFailedCountsAFinishedSideEffect(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t)
		e := h.executor(t.Context(), Config{})
		e.Add(call("x", "Excl", ""))
		synctest.Wait()
		h.release("x")
		synctest.Wait()
		if got := results(e.Completed()); !slices.Equal(got, []string{"x:done x"}) {
			t.Fatalf("yielded %v", got)
		}
		if !e.StreamFailed() {
			t.Fatal("x ran: the response must be kept")
		}
		if ups := drain(e); len(ups) != 0 {
			t.Fatalf("yielded again: %v", results(ups))
		}
		e.Wait()
	})
}
