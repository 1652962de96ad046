package cli

import (
	"errors"
	"fmt"
)

// ErrTerminated is the cause the run's context is cancelled with on
// SIGTERM. Unlike executor.ErrInterrupted it cancels every running tool.
var ErrTerminated = errors.New("terminated by SIGTERM")

// ErrForceQuit is the cause the parent of the run's context is cancelled
// with when a second signal arrives while the run is still stopping.
var ErrForceQuit = errors.New("forced to quit by a second signal")

// errStdinTooLarge reports piped input over maxStdinBytes.
var errStdinTooLarge = errors.New("input from stdin exceeds the 10 MB limit")

// usageError is a mistake on the command line or in the input. Its message
// is printed on stderr exactly as written (Claude Code's texts start with
// "Error: ").
type usageError struct {
	msg string
	err error // wrapped by a %w in the format, if any
}

func (e *usageError) Error() string { return e.msg }
func (e *usageError) Unwrap() error { return e.err }

// usagef formats a usageError; %w wraps as in fmt.Errorf.
func usagef(format string, a ...any) error {
	err := fmt.Errorf(format, a...)
	return &usageError{msg: err.Error(), err: errors.Unwrap(err)}
}

// errTrustNotDir reports a corvid trust argument that is not an existing
// directory.
var errTrustNotDir = errors.New("corvid trust: not an existing directory")
