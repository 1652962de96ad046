package host

import "corvid/internal/event"

// A turn's result frame is written from inside the turn: a few steps of
// its end (the model override put back, the turn's lock let go) follow it.
// A host that reads the result may send its next request at once, and to
// the host the turn is over. The requests that arrive in that window wait
// for the turn's end (a short wait) instead of finding it still running:
// a rewind_files sent right after a result would otherwise be refused.

// turnStarted marks a turn running; the channel is closed by turnEnded.
func (h *Host) turnStarted() chan struct{} {
	done := make(chan struct{})
	h.mu.Lock()
	h.inFlight, h.resultOut = done, false
	h.mu.Unlock()
	return done
}

// turnEnded marks the turn over and wakes the requests waiting on it.
func (h *Host) turnEnded(done chan struct{}) {
	h.mu.Lock()
	h.inFlight, h.resultOut = nil, false
	h.mu.Unlock()
	close(done)
}

// noteResult records that the running turn's result is about to be
// written; called before the frame goes out.
func (h *Host) noteResult(ev event.Event) {
	if _, ok := ev.(event.Result); !ok {
		return
	}
	h.mu.Lock()
	h.resultOut = h.inFlight != nil
	h.mu.Unlock()
}

// settling is the end of the running turn when its result was written
// but the turn has not yet returned; nil otherwise.
func (h *Host) settling() <-chan struct{} {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.resultOut {
		return h.inFlight
	}
	return nil
}
