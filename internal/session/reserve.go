package session

import (
	"errors"
	"os"
	"syscall"
)

// ReserveBytes is the room a Writer keeps allocated past the end of its
// transcript (fallocate with FALLOC_FL_KEEP_SIZE: the file's size does not
// change). When a tool fills the disk, the entries in flight, its result
// among them, still land whole in that room; the first top-up that cannot
// be had is a failure (ENOSPC), so the record stops complete instead of
// torn. Close gives the unused room back.
const ReserveBytes = 256 << 10

// reserveSlack is how far the room may shrink before it is topped up.
const reserveSlack = 16 << 10

// reserve tops the room up after the end of the file. A filesystem that
// cannot preallocate is left as it is; running out of space is a failure.
// Call with mu held (or before the writer is shared).
func (w *Writer) reserve() {
	f, ok := w.f.(*os.File)
	if !ok || w.noReserve || w.reserved-w.size > ReserveBytes-reserveSlack {
		return
	}
	err := fallocate(f, w.size, ReserveBytes)
	switch {
	case err == nil:
		w.reserved = w.size + ReserveBytes
	case errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT):
		w.fail(&os.PathError{Op: "write", Path: w.path, Err: err})
	default: // not supported here: go on without
		w.noReserve = true
	}
}

// release gives back the room past the end of the file: truncating to
// the file's own size frees what was allocated beyond it. Call with mu
// held.
func (w *Writer) release() {
	if w.reserved == 0 {
		return
	}
	if info, err := w.f.Stat(); err == nil {
		_ = w.f.Truncate(info.Size())
	}
	w.reserved = 0
}
