package session

import (
	"errors"
	"io/fs"
)

// Errors the package returns.
var (
	// ErrNoSession: no session file matched.
	ErrNoSession = errors.New("session: no session found")
	// ErrAmbiguous: a session id prefix matched several sessions.
	ErrAmbiguous = errors.New("session: ambiguous session id")
	// ErrEntryTooLarge: an entry exceeded MaxEntryBytes and was not written.
	ErrEntryTooLarge = errors.New("session: entry too large")
	// ErrClosed: the Writer was closed.
	ErrClosed = errors.New("session: writer is closed")
	// ErrUnreadable: the loader cannot make sense of a transcript (no
	// entry it can read, a chain that breaks, a compaction whose kept
	// messages cannot be found). Loading it would lose history silently.
	ErrUnreadable = errors.New("session: cannot make sense of the transcript")
	// ErrLocked: another process holds the transcript's lock (it is
	// writing that session).
	ErrLocked = errors.New("session: the transcript is in use by another process")
)

// SaveError is a failure to write or sync a transcript. After one, the
// Writer refuses every later entry, so what is on disk stays a prefix of
// the conversation.
type SaveError struct {
	Path string
	Err  error // the cause, without the path (e.g. syscall.ENOSPC)
}

func (e *SaveError) Error() string { return e.Path + ": " + e.Err.Error() }
func (e *SaveError) Unwrap() error { return e.Err }

// saveError wraps err for path. An I/O failure on the open file drops the
// os layer's operation and file name (a staged file has a temporary one),
// so the message reads "<path>: no space left on device".
func saveError(path string, err error) *SaveError {
	var se *SaveError
	if errors.As(err, &se) {
		return se
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		switch pe.Op {
		case "write", "sync", "truncate", "close":
			err = pe.Err
		}
	}
	return &SaveError{Path: path, Err: err}
}
