package anthropic

import (
	"context"
	"time"
)

// watchdog cancels a request attempt when the API goes silent for the
// idle limit, or when the attempt outlives the total limit. Its timers
// run no goroutine of their own until they fire, and stop releases them.
type watchdog struct {
	idle      time.Duration
	idleTimer *time.Timer // nil without an idle limit
	total     *time.Timer // nil without a total limit
}

// startWatchdog arms the timers; a zero limit is no limit. Each cancels
// with a *TimeoutError cause. An idle limit no shorter than the total one
// could never fire first, so it is not armed.
func startWatchdog(idle, total time.Duration, cancel context.CancelCauseFunc) *watchdog {
	if total > 0 && idle >= total {
		idle = 0
	}
	w := &watchdog{idle: idle}
	if idle > 0 {
		cause := &TimeoutError{Idle: true, Limit: idle}
		w.idleTimer = time.AfterFunc(idle, func() { cancel(cause) })
	}
	if total > 0 {
		cause := &TimeoutError{Limit: total}
		w.total = time.AfterFunc(total, func() { cancel(cause) })
	}
	return w
}

// kick restarts the idle limit after progress from the API.
func (w *watchdog) kick() {
	if w.idleTimer != nil {
		w.idleTimer.Reset(w.idle)
	}
}

// pause stops the idle limit while the consumer holds an event: time
// spent downstream is not the API's silence.
func (w *watchdog) pause() {
	if w.idleTimer != nil {
		w.idleTimer.Stop()
	}
}

// stop releases both timers.
func (w *watchdog) stop() {
	w.pause()
	if w.total != nil {
		w.total.Stop()
	}
}
