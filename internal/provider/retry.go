package provider

import (
	"context"
	"iter"
	"math/rand/v2"
	"time"
)

// RetryPolicy bounds and paces retries of failed requests.
type RetryPolicy struct {
	// MaxRetries is how many times a request is sent again: 0 means the
	// default (10), a negative value means never.
	MaxRetries int
	// BaseDelay is the first backoff (default 500ms); it doubles per
	// attempt up to MaxDelay (default 32s), with ±25% jitter.
	BaseDelay time.Duration
	MaxDelay  time.Duration
	// OverloadLimit, when > 0, gives up on the request after this many
	// overloaded responses in a row, so a caller with a fallback model can
	// switch instead of waiting.
	OverloadLimit int
	// Sleep waits between attempts; nil uses a timer that honours ctx.
	Sleep func(ctx context.Context, d time.Duration) error
}

const (
	// DefaultMaxRetries matches Claude Code's default.
	DefaultMaxRetries = 10
	defaultBaseDelay  = 500 * time.Millisecond
	defaultMaxDelay   = 32 * time.Second
	// maxRetryAfter caps a server's retry-after hint.
	maxRetryAfter = 5 * time.Minute
)

func (p RetryPolicy) withDefaults() RetryPolicy {
	switch {
	case p.MaxRetries == 0:
		p.MaxRetries = DefaultMaxRetries
	case p.MaxRetries < 0:
		p.MaxRetries = 0
	}
	if p.BaseDelay <= 0 {
		p.BaseDelay = defaultBaseDelay
	}
	if p.MaxDelay <= 0 {
		p.MaxDelay = defaultMaxDelay
	}
	if p.Sleep == nil {
		p.Sleep = sleepCtx
	}
	return p
}

// Backoff is the delay before retry number attempt (1-based): the server's
// retry-after when it gave one, else exponential backoff with jitter.
func (p RetryPolicy) Backoff(attempt int, err *APIError) time.Duration {
	p = p.withDefaults()
	if err != nil && err.HasRetry {
		return min(max(err.RetryAfter, 0), maxRetryAfter)
	}
	d := p.BaseDelay
	for i := 1; i < attempt && d < p.MaxDelay; i++ {
		d *= 2
	}
	d = min(d, p.MaxDelay)
	jitter := time.Duration(rand.Int64N(int64(d)/2+1)) - d/4
	return d + jitter
}

// StreamWithRetry streams req from p, sending it again after retryable
// failures that happen before any event arrived, as often as the failure's
// RetryLimit allows (none for a failure no retry can fix, a short budget
// for a dead network). Each retry is announced by an EventRetry event
// before the wait; the final failure carries the number of retries made. Failures after events were
// delivered are returned with MidStream set: whether to redo a partly
// streamed turn is the caller's decision.
func StreamWithRetry(ctx context.Context, p Provider, req *Request, pol RetryPolicy) iter.Seq2[Event, error] {
	pol = pol.withDefaults()
	return func(yield func(Event, error) bool) {
		overloads := 0
		for attempt := 0; ; attempt++ {
			delivered := false
			var failure *APIError
			for ev, err := range p.Stream(ctx, req) {
				if err != nil {
					failure = AsAPIError(err)
					break
				}
				delivered = true
				if !yield(ev, nil) {
					return
				}
			}
			if failure == nil {
				return
			}
			if delivered {
				failure.MidStream = true
			}
			if failure.Overloaded() {
				overloads++
			} else {
				overloads = 0
			}
			limit := failure.RetryLimit(pol.MaxRetries)
			giveUp := delivered || attempt >= limit ||
				ctx.Err() != nil || (pol.OverloadLimit > 0 && overloads >= pol.OverloadLimit)
			if giveUp {
				failure.Retries = attempt
				yield(Event{}, failure)
				return
			}
			delay := pol.Backoff(attempt+1, failure)
			info := &RetryInfo{Attempt: attempt + 1, MaxRetries: limit, Delay: delay, Err: failure}
			if !yield(Event{Type: EventRetry, Retry: info}, nil) {
				return
			}
			if err := pol.Sleep(ctx, delay); err != nil {
				yield(Event{}, &APIError{Type: ErrTypeConnection, Err: err})
				return
			}
		}
	}
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return context.Cause(ctx) // nil while ctx is live
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return context.Cause(ctx)
	}
}

// Attempts is the resolved retry limit (MaxRetries with its default).
func (p RetryPolicy) Attempts() int { return p.withDefaults().MaxRetries }

// Pause waits d, or until ctx ends (then it returns the context's cause).
func (p RetryPolicy) Pause(ctx context.Context, d time.Duration) error {
	return p.withDefaults().Sleep(ctx, d)
}
