package notebookedit

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"corvid/internal/filestate"
)

// load reads a notebook that the conversation has read and that has not
// changed since.
func (t *notebookEditTool) load(path string) ([]byte, error) {
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%s does not exist. NotebookEdit changes existing notebooks; create a new one with Write.", path)
	case err != nil:
		return nil, ioError{err}
	case !info.Mode().IsRegular():
		return nil, fmt.Errorf("%s is not a regular file.", path)
	case info.Size() > maxNotebookSize:
		return nil, fmt.Errorf("%s is too large to edit (%d bytes; the limit is %d MiB).", path, info.Size(), maxNotebookSize>>20)
	}
	if err := t.files.CheckFresh(path); err != nil {
		if errors.Is(err, filestate.ErrNotRead) || errors.Is(err, filestate.ErrModified) {
			return nil, err
		}
		return nil, ioError{err}
	}
	return readCapped(path, info.Size())
}

// readCapped reads at most maxNotebookSize bytes, expecting size.
func readCapped(path string, size int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, ioError{err}
	}
	defer f.Close()
	var b bytes.Buffer
	b.Grow(int(min(size, maxNotebookSize)) + bytes.MinRead)
	if _, err := b.ReadFrom(io.LimitReader(f, maxNotebookSize+1)); err != nil {
		return nil, ioError{err}
	}
	if b.Len() > maxNotebookSize {
		return nil, fmt.Errorf("%s grew past the %d MiB limit while being read.", path, maxNotebookSize>>20)
	}
	return b.Bytes(), nil
}

// ioError is a file-system failure, reported without the
// <tool_use_error> wrapping (it is not the model's input at fault).
type ioError struct{ error }

func (e ioError) Unwrap() error { return e.error }

// record notes the written notebook as read, keeping the range of an
// earlier partial read; if that fails the file is forgotten instead, so
// the next edit asks for a fresh read.
func (t *notebookEditTool) record(path string) {
	prev, _ := t.files.Get(path)
	if err := t.files.RecordFile(path, prev.Partial, prev.Offset, prev.Limit); err != nil {
		t.files.Forget(path)
	}
}
