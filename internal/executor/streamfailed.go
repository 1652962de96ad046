package executor

// StreamFailed settles the executor of a response whose stream failed
// before it ended. A call that has started is never started again, so the
// response may be retried only when no started call can have had side
// effects (every one was read-only, or none started): then the executor
// is discarded, as by Discard, and StreamFailed returns false.
//
// Otherwise the response is kept and StreamFailed returns true: calls
// still queued never start and are answered with an error saying the
// response was cut off, started calls run to their end, and Remaining
// yields every result not yet yielded, in order.
func (e *Executor) StreamFailed() (kept bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.sideEffectsStarted() {
		e.discard()
		return false
	}
	e.cut = true
	for _, t := range e.calls {
		if t.status == statusQueued {
			e.start(t) // completes it with the synthetic result
		}
	}
	return true
}

// sideEffectsStarted reports whether a call that may change something
// was handed to the pipeline. Called with mu held.
func (e *Executor) sideEffectsStarted() bool {
	for _, t := range e.calls {
		if t.ran && !safeReadOnly(t.tool, t.call.Input) {
			return true
		}
	}
	return false
}
