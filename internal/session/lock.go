package session

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/google/uuid"
)

// One process writes a session. The Writer holds an exclusive flock on
// the transcript file itself for as long as it has the file open; the
// kernel drops it when the descriptor closes, the process exits or dies.
// The transcript is locked rather than a sibling lock file because it is
// never renamed or removed: a lock file would have to be cleaned up, and
// removing one while another process is about to lock it lets both win.
// A new transcript is created under a temporary name, locked, and only
// then linked into place, so no other process can see it unlocked.

// openLocked opens the existing transcript at path for appending and
// locks it; ErrLocked when another process holds it.
func openLocked(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND, 0)
	if err != nil {
		return nil, err
	}
	if err := flock(f); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// createStaged creates a locked, empty file beside path under a temporary
// name (not *.jsonl, so no listing sees it). publishFile links it into place.
func createStaged(path string) (*os.File, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	tmp := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+"."+uuid.NewString()+".tmp")
	f, err := os.OpenFile(tmp, os.O_RDWR|os.O_APPEND|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, err
	}
	if err := flock(f); err != nil {
		f.Close()
		os.Remove(tmp)
		return nil, err
	}
	return f, nil
}

// publishFile gives the staged file f its real name path; fs.ErrExist when
// path exists. The temporary name goes either way.
func publishFile(f *os.File, path string) error {
	defer os.Remove(f.Name())
	return os.Link(f.Name(), path)
}

// createLocked returns path opened for appending and locked: a new file
// when there is none, else the existing one (ErrLocked if it is held).
func createLocked(path string) (*os.File, error) {
	f, err := createStaged(path)
	if err != nil {
		return nil, err
	}
	err = publishFile(f, path)
	if err == nil {
		return f, nil
	}
	f.Close()
	if errors.Is(err, fs.ErrExist) {
		return openLocked(path)
	}
	return nil, err
}

// Busy reports whether another process holds the lock of the transcript
// at path (is writing that session now).
func Busy(path string) bool {
	f, err := openLocked(path)
	if err != nil {
		return errors.Is(err, ErrLocked)
	}
	f.Close()
	return false
}
