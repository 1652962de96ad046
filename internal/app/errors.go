package app

import (
	"errors"
	"fmt"

	"corvid/internal/session"
)

// ErrNoHome reports that corvid found no home directory for its state:
// HOME is unset and the password database has no entry for the user, and
// CORVID_CONFIG_DIR is not set either.
var ErrNoHome = errors.New("no home directory: HOME is unset and the user has no entry in the " +
	"password database; set HOME or CORVID_CONFIG_DIR")

// resumeError is a --resume id that names no single session. Its message
// is said once: the lookup's own error is only its cause.
type resumeError struct {
	id  string
	err error
}

func (e *resumeError) Error() string {
	if errors.Is(e.err, session.ErrNoSession) {
		return "No conversation found with session ID: " + e.id
	}
	return fmt.Sprintf("Cannot resume session %s: %v", e.id, e.err) // ambiguous, or unreadable
}

func (e *resumeError) Unwrap() error { return e.err }

// ErrAddDir reports an --add-dir that is not an existing directory.
var ErrAddDir = errors.New("--add-dir needs an existing directory")
