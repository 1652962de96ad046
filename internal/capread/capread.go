// Package capread reads a regular file of bounded size. It refuses
// anything else (a directory, a device, a FIFO swapped in after the
// caller looked) without blocking on it: the file is opened
// non-blocking and checked after opening, so what is read is what was
// checked.
package capread

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
)

// ErrTooLarge reports a file over the limit.
var ErrTooLarge = errors.New("file is over the size limit")

// ErrNotRegular reports a path that is not a regular file.
var ErrNotRegular = errors.New("not a regular file")

// File reads path (symbolic links followed), a regular file of at most
// limit bytes; it may not grow past the limit while it is read.
func File(path string, limit int64) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %w", path, ErrNotRegular)
	}
	if info.Size() > limit {
		return nil, fmt.Errorf("%s is over %d bytes: %w", path, limit, ErrTooLarge)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s is over %d bytes: %w", path, limit, ErrTooLarge)
	}
	return data, nil
}
