package read

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"syscall"

	"corvid/internal/filestate"
	"corvid/internal/tool"
)

// headSize is how much of a file is sniffed to tell its kind.
const headSize = 8 << 10

// file is an open regular file with what Read needs to know up front.
type file struct {
	*os.File
	path string
	size int64
	// head is the start of the file (up to headSize bytes).
	head []byte
	// snap is the file's state before reading, for the file-state cache.
	snap   filestate.Entry
	snapOK bool
}

// open opens path for reading, or returns the error result the model
// should see: missing, a directory, not a regular file, no permission.
func open(path, cwd string) (*file, *tool.Result) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, openError(path, cwd, err)
	}
	if res := checkMode(path, info.Mode()); res != nil {
		return nil, res
	}
	// O_NONBLOCK: a file swapped for a FIFO after the Stat must not hang
	// the open; it is caught by the mode check below.
	osf, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, openError(path, cwd, err)
	}
	f := &file{File: osf, path: path}
	if res := f.inspect(); res != nil {
		osf.Close()
		return nil, res
	}
	return f, nil
}

// inspect checks the open file's type (it may have been swapped since
// the Stat) and reads its head.
func (f *file) inspect() *tool.Result {
	info, err := f.Stat()
	if err != nil {
		return tool.ErrorText(msgReadFailed(f.path, err))
	}
	if res := checkMode(f.path, info.Mode()); res != nil {
		return res
	}
	f.size = info.Size()
	head := make([]byte, min(int64(headSize), f.size))
	n, err := f.ReadAt(head, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return tool.ErrorText(msgReadFailed(f.path, err))
	}
	f.head = head[:n]
	return nil
}

// readAll reads the file's content, as long as it was when opened (the
// caller has checked that size), stopping early if ctx is cancelled.
func (f *file) readAll(ctx context.Context) ([]byte, error) {
	data := make([]byte, f.size)
	n := 0
	for n < len(data) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		k, err := f.Read(data[n:min(len(data), n+maxChunk)])
		n += k
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	return data[:n], nil
}

// snapshot records the file's state before its content is read, for the
// file-state cache: a change made during the read then counts as unseen.
func (f *file) snapshot() {
	var err error
	f.snap, err = filestate.Snapshot(f.path)
	f.snapOK = err == nil
}

func checkMode(path string, m fs.FileMode) *tool.Result {
	switch {
	case m.IsDir():
		return tool.UseError(msgDirectory(path))
	case !m.IsRegular():
		return tool.UseError(msgNotRegular(path, m))
	}
	return nil
}

func openError(path, cwd string, err error) *tool.Result {
	switch {
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR):
		return tool.UseError(msgNotExist(cwd))
	case errors.Is(err, fs.ErrPermission):
		return tool.ErrorText(msgPermission(path))
	}
	return tool.ErrorText(msgReadFailed(path, err))
}
