package app

import (
	"context"
	"fmt"
	"io"
	"iter"
	"sync"
	"sync/atomic"
	"time"

	"corvid/internal/provider"
)

// loggedProvider writes each request attempt and how it ended to w
// (--debug api): every retry is a separate attempt, so a dead API shows
// as a line per try rather than silence.
type loggedProvider struct {
	inner provider.Provider
	w     io.Writer
	mu    sync.Mutex
	n     atomic.Int64
}

// withAPIDebug wraps p when --debug asks for API attempts.
func withAPIDebug(opts Options, p provider.Provider) provider.Provider {
	if opts.Stderr == nil || !debugEnabled(opts.Debug, "api") {
		return p
	}
	return &loggedProvider{inner: p, w: opts.Stderr}
}

func (l *loggedProvider) logf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.w, "[api] "+format+"\n", args...)
}

func (l *loggedProvider) Stream(ctx context.Context, req *provider.Request) iter.Seq2[provider.Event, error] {
	return func(yield func(provider.Event, error) bool) {
		n, start := l.n.Add(1), time.Now()
		l.logf("request %d: POST /v1/messages model=%s messages=%d", n, req.Model, len(req.Messages))
		events := 0
		for ev, err := range l.inner.Stream(ctx, req) {
			if err != nil {
				l.logf("request %d failed after %s and %d events: %s", n, since(start), events, describe(err))
				yield(ev, err)
				return
			}
			events++
			switch ev.Type {
			case provider.EventMessageStart:
				l.logf("request %d: stream open after %s (message %s)", n, since(start), ev.MessageID)
			case provider.EventMessageStop:
				l.logf("request %d: complete after %s and %d events", n, since(start), events)
			}
			if !yield(ev, nil) {
				return
			}
		}
	}
}

// describe is an error with what the API error type knows beyond its text.
func describe(err error) string {
	ae := provider.AsAPIError(err)
	s := ae.Error()
	if ae.Message != "" && ae.Err != nil {
		s += " (" + ae.Err.Error() + ")"
	}
	if ae.Cause != "" {
		s += " [cause " + ae.Cause + "]"
	}
	if ae.RequestID != "" {
		s += " [request-id " + ae.RequestID + "]"
	}
	return s
}

func since(t time.Time) time.Duration { return time.Since(t).Round(time.Millisecond) }
