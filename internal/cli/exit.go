package cli

import (
	"os"
	"syscall"

	"corvid/internal/event"
)

// Exit codes.
const (
	exitOK      = 0
	exitFailure = 1
	exitSIGINT  = 130 // 128 + SIGINT
	exitSIGTERM = 143 // 128 + SIGTERM
)

// outcome is how an invocation ended.
type outcome struct {
	// signal is the first signal received, if any.
	signal os.Signal
	// err is a failure outside the run's result: a bad command line,
	// unreadable input, a run that could not start, lost output.
	err error
	// result is the run's result, when it produced one.
	result *event.Result
}

// exitCode is the one place that maps outcomes to exit codes: a signal
// wins (130 for SIGINT, 143 for SIGTERM), then any failure or error
// result is 1, and everything else 0.
func exitCode(o outcome) int {
	switch {
	case o.signal == syscall.SIGTERM:
		return exitSIGTERM
	case o.signal != nil:
		return exitSIGINT
	case o.err != nil:
		return exitFailure
	case o.result != nil && o.result.IsError:
		return exitFailure
	}
	return exitOK
}
