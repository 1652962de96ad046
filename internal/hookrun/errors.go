package hookrun

import "errors"

// Errors a run can end with; the Outcome's Message words them for people.
var (
	// ErrTimeout: the handler ran past its timeout and was stopped.
	ErrTimeout = errors.New("hookrun: timed out")
	// ErrCancelled: the session was interrupted while the handler ran.
	ErrCancelled = errors.New("hookrun: cancelled")
	// ErrStart: the handler could not be started.
	ErrStart = errors.New("hookrun: cannot start")
	// ErrExit: the handler exited with a non-blocking error status.
	ErrExit = errors.New("hookrun: non-blocking error status")
	// ErrOutput: the handler's output could not be used.
	ErrOutput = errors.New("hookrun: unusable output")
	// ErrClosed: the runner was closed.
	ErrClosed = errors.New("hookrun: runner closed")
)
