package spill

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
)

// File is what a Writer writes to; *os.File is one.
type File interface {
	io.WriterAt
	io.ReaderAt
	Truncate(size int64) error
	Close() error
	Name() string
}

// Writer saves a stream to a file of at most Limits.MaxFile bytes plus a
// marker line. The file holds the stream in order: the first quarter of
// the cap (the head), then, once the stream has outgrown the cap, the
// line "\n... [N bytes dropped] ...\n", then the latest bytes (the
// tail). When the tail fills its three quarters of the cap, its older
// half is dropped: the newer half is copied down behind the marker, so
// the file stays in order for anyone who reads it. Offsets into the
// stream ("logical" offsets) stay valid across drops; Layout maps them
// to the file.
//
// The first failure (a write error, the session's total, the free-space
// reserve) stops the saving for good: later bytes are counted as lost.
// A Writer is safe for concurrent use.
type Writer struct {
	budget           *Budget
	dir              string // the session directory, for the budget
	f                File
	headCap, tailCap int64

	mu      sync.Mutex // guards the fields below
	head    int64      // bytes of the head in the file
	marker  int64      // length of the marker line; 0 until bytes are dropped
	tail    int64      // bytes after the marker
	dropped int64      // stream bytes between head and tail that are gone
	lost    int64      // stream bytes received after a failure
	held    int64      // bytes the budget counts for this file
	err     error
	closed  bool
	keep    int    // how many unsaved bytes to keep in mem
	mem     []byte // the last unsaved bytes
	buf     []byte // for copying the tail down
}

// Create creates the file at path (which must not exist), mode 0600 in a 0700
// directory, for session directory dir.
func (b *Budget) Create(dir, path string) (*Writer, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("creating %s: %w", filepath.Dir(path), err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, err
	}
	return b.Writer(dir, f), nil
}

// Writer returns a Writer over f, an empty file of session directory
// dir. The Writer closes f.
func (b *Budget) Writer(dir string, f File) *Writer {
	head := b.limits.MaxFile / 4
	return &Writer{budget: b, dir: dir, f: f, headCap: head, tailCap: b.limits.MaxFile - head}
}

// Name is the file's path.
func (w *Writer) Name() string { return w.f.Name() }

// Write saves p. After a failure it saves nothing and returns the
// failure; the bytes count as lost.
func (w *Writer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed && w.err == nil {
		w.err = ErrClosed
	}
	if w.err != nil {
		w.unsaved(p)
		return 0, w.err
	}
	n, err := w.store(p)
	if err != nil {
		w.err = fmt.Errorf("saving output: %w", err)
		w.unsaved(p[n:])
		return n, w.err
	}
	return n, nil
}

// KeepUnsaved makes the Writer keep in memory the last n bytes it could
// not save (Layout.Mem), so that a reader still sees the latest output.
func (w *Writer) KeepUnsaved(n int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.keep = n
}

// unsaved counts p as lost, keeping its end in mem.
func (w *Writer) unsaved(p []byte) {
	w.lost += int64(len(p))
	if w.keep == 0 {
		return
	}
	p = p[max(0, len(p)-w.keep):]
	if over := len(w.mem) + len(p) - w.keep; over > 0 {
		w.mem = append(w.mem[:0], w.mem[over:]...)
	}
	w.mem = append(w.mem, p...)
}

// store appends p: to the head while it has room, then to the tail,
// dropping the older half of a full tail first.
func (w *Writer) store(p []byte) (int, error) {
	done := 0
	for len(p) > 0 {
		var at, n int64
		switch {
		case w.head < w.headCap:
			at, n = w.head, min(int64(len(p)), w.headCap-w.head)
		case w.tail == w.tailCap:
			if err := w.dropOlderHalf(); err != nil {
				w.abandonTail()
				return done, err
			}
			continue
		default:
			at, n = w.head+w.marker+w.tail, min(int64(len(p)), w.tailCap-w.tail)
		}
		if err := w.writeAt(p[:n], at); err != nil {
			return done, err
		}
		if w.head < w.headCap {
			w.head += n
		} else {
			w.tail += n
		}
		done += int(n)
		p = p[n:]
	}
	return done, nil
}

// writeAt writes p at off, first asking the budget for any growth.
func (w *Writer) writeAt(p []byte, off int64) error {
	if end := off + int64(len(p)); end > w.held {
		limit := w.headCap + w.tailCap + markerMax
		n, err := w.budget.grant(w.dir, end-w.held, max(end-w.held, min(grantStep, limit-w.held)))
		if err != nil {
			return err
		}
		w.held += n
	}
	_, err := w.f.WriteAt(p, off)
	return err
}

// Close closes the file and returns the first failure, if any: nil
// means the file holds the whole stream but for the dropped middle.
func (w *Writer) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return w.err
	}
	w.closed = true
	err := w.f.Close()
	if w.err == nil && err != nil {
		w.err = fmt.Errorf("closing %s: %w", w.f.Name(), err)
	}
	size := w.head + w.marker + w.tail
	w.budget.release(w.dir, w.held-size)
	w.held = size
	return w.err
}

// Discard closes and removes the file, and returns its share of the
// budget. It is for a file that cannot be trusted to be whole.
func (w *Writer) Discard() error {
	w.Close()
	w.mu.Lock()
	defer w.mu.Unlock()
	w.budget.release(w.dir, w.held)
	w.held = 0
	if err := os.Remove(w.f.Name()); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}
