package spill

import "errors"

// Reasons a Writer stops saving output. A Writer that stopped for one of
// them wraps it in its error.
var (
	// ErrSessionFull: the session directory's spill files reached
	// Limits.MaxSession.
	ErrSessionFull = errors.New("the session's saved output reached its size limit")
	// ErrLowSpace: saving more would leave less than Limits.Reserve free
	// on the filesystem, which is kept for the transcript.
	ErrLowSpace = errors.New("too little free disk space (the rest is kept for the transcript)")
	// ErrClosed: the Writer was closed.
	ErrClosed = errors.New("spill file closed")
)
