package app

import (
	"fmt"
	"sync"
	"time"

	"corvid/internal/hookrun"
)

// hookObserver reports settings hook runs: their messages as warnings
// on stderr, each run on the debug log (--debug hooks), and hook frames
// when the host asked for them (--include-hook-events).
type hookObserver struct {
	opts    Options
	session func() string // the session id, for frames
	debug   bool
	mu      sync.Mutex // one line at a time on stderr
}

func newHookObserver(opts Options, session func() string) *hookObserver {
	return &hookObserver{opts: opts, session: session, debug: opts.Stderr != nil && debugEnabled(opts.Debug, "hooks")}
}

func (o *hookObserver) Started(r hookrun.Run) {
	if o.debug {
		status := ""
		if m := r.Handler.StatusMessage; m != "" {
			status = ": " + m
		}
		o.printf("[hooks] %s %s started%s\n", r.Name, r.Handler.Label(), status)
	}
	publishHookStarted(o.opts, r, o.session())
}

func (o *hookObserver) Finished(r hookrun.Run, out hookrun.Outcome) {
	if o.debug {
		o.printf("[hooks] %s %s: %s, exit %d, %s%s\n", r.Name, r.Handler.Label(), out.Outcome, out.ExitCode,
			out.Duration.Round(time.Millisecond), decided(out))
	}
	if out.Message != "" {
		o.printf("warning: %s\n", out.Message)
	}
	publishHookResponse(o.opts, r, out, o.session())
}

// decided says what a run decided, for the debug log.
func decided(out hookrun.Outcome) string {
	if len(out.Output) == 0 {
		return ", no decision"
	}
	return ", output " + abbreviate(string(out.Output), 200)
}

func abbreviate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

func (o *hookObserver) printf(format string, args ...any) {
	if o.opts.Stderr == nil {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	fmt.Fprintf(o.opts.Stderr, format, args...)
}
