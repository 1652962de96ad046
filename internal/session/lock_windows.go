//go:build windows

package session

import (
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/windows"
)

// flock takes the exclusive lock on f without waiting: LockFileEx on the
// file's first byte, which Windows drops when the handle closes or the
// process ends, as flock is dropped on Unix.
func flock(f *os.File) error {
	err := windows.LockFileEx(windows.Handle(f.Fd()),
		windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, new(windows.Overlapped))
	switch {
	case err == nil:
		return nil
	case errors.Is(err, windows.ERROR_LOCK_VIOLATION):
		return ErrLocked
	}
	return fmt.Errorf("session: lock %s: %w", f.Name(), err)
}
