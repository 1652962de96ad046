package session

import (
	"io"
	"io/fs"
	"sync"
	"time"

	"github.com/google/uuid"

	"corvid/internal/provider"
)

// sink is where lines go: the transcript file, or a fake in tests.
type sink interface {
	io.Writer
	Sync() error
	Close() error
	Truncate(size int64) error
	Stat() (fs.FileInfo, error)
}

// Writer appends entries to one transcript file. It is safe for
// concurrent use. The file is created on the first entry.
//
// The Writer holds the transcript's lock (see lock.go) from the moment it
// opens the file until Close, so one process at a time writes a session.
//
// A failed write or sync never panics: the error (a *SaveError) is
// returned and remembered (Err), the bytes of a partly written line are
// cut off again, and every later entry is refused with the same error.
// What is on disk is therefore always a prefix of the conversation: a
// history with a hole in it (a tool result missing while later calls are
// present) is never written.
type Writer struct {
	path string
	meta Meta
	now  func() time.Time
	max  int // line cap; MaxEntryBytes unless a test lowers it

	mu   sync.Mutex
	f    sink
	leaf string // uuid the next chained entry points to
	err  error  // first write failure; later entries are refused
	torn bool   // the file does not end with '\n'
	size int64  // the file's length before the entry being written
	// reserved is where the room allocated past the end ends (reserve.go).
	reserved  int64
	noReserve bool // the filesystem cannot preallocate
	staged    bool // the file is created under a temporary name (Fork)
	closed    bool
	line      []byte // reused line buffer
}

// Mark is a point in the chain to come back to (Writer.Rewind).
type Mark struct{ leaf string }

// NewWriter returns a writer for the transcript at path. Nothing is
// touched until the first entry: then missing directories are created
// (0700) and the file is opened for appending (created 0600).
func NewWriter(path string, meta Meta) *Writer {
	return &Writer{path: path, meta: meta, now: time.Now, max: MaxEntryBytes}
}

// SetParent makes the next entry a child of uuid: a resumed conversation
// continues its chain from the loaded Transcript.Leaf.
func (w *Writer) SetParent(uuid string) {
	w.mu.Lock()
	w.leaf = uuid
	w.mu.Unlock()
}

// Leaf is the uuid of the last entry on the live chain ("" before any).
func (w *Writer) Leaf() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.leaf
}

// Path is the transcript file the writer appends to.
func (w *Writer) Path() string { return w.path }

// Mark returns the current end of the chain.
func (w *Writer) Mark() Mark { return Mark{leaf: w.Leaf()} }

// Rewind makes later entries children of the mark: what was written since
// (a partial response that is retried) stays in the file but falls off
// the live chain.
func (w *Writer) Rewind(m Mark) { w.SetParent(m.leaf) }

// Err is the first write failure, if any (a *SaveError).
func (w *Writer) Err() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// Sync flushes the file to stable storage (fsync).
func (w *Writer) Sync() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return w.err
	}
	if w.f == nil {
		return nil
	}
	if err := w.f.Sync(); err != nil {
		return w.fail(err)
	}
	return nil
}

// Close syncs and closes the file. Later entries fail with ErrClosed;
// closing again does nothing.
func (w *Writer) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return nil
	}
	w.closed = true
	if w.f == nil {
		return nil
	}
	w.release()
	serr := w.f.Sync()
	cerr := w.f.Close()
	w.f = nil
	if serr != nil {
		return w.fail(serr)
	}
	if cerr != nil {
		return w.fail(cerr)
	}
	return nil
}

// fail remembers the first failure and returns it. Call with mu held.
func (w *Writer) fail(err error) error {
	if w.err == nil {
		w.err = saveError(w.path, err)
	}
	return w.err
}

// link says how an entry joins the chain.
type link uint8

const (
	linkChain    link = iota // parentUuid = leaf; becomes the leaf
	linkBoundary             // parentUuid null, logicalParentUuid = leaf; becomes the leaf
	linkNone                 // no chain fields; the leaf stays
)

// write appends one entry built from b, an encoded JSON object. It
// returns the entry's uuid ("" for linkNone or on failure).
func (w *Writer) write(b []byte, l link) (string, error) {
	id := ""
	if l != linkNone {
		id = uuid.NewString()
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return "", ErrClosed
	}
	if w.err != nil {
		return "", w.err
	}
	if err := w.open(); err != nil {
		return "", w.fail(err)
	}
	line := w.buildLine(b, l, id)
	if len(line) > w.max {
		return "", ErrEntryTooLarge
	}
	if info, err := w.f.Stat(); err == nil {
		w.size = info.Size() // where a torn line is cut back to
	}
	n, err := w.f.Write(line)
	if cap(line) <= 1<<20 {
		w.line = line[:0]
	}
	if err != nil {
		if n > 0 && w.f.Truncate(w.size) != nil {
			w.torn = true // the loader skips the torn line
		}
		return "", w.fail(err)
	}
	w.torn = false
	w.size += int64(n)
	w.reserve()
	if l != linkNone {
		w.leaf = id
	}
	return id, nil
}

// buildLine lays out one complete line: the chain fields first, then the
// encoded body, then uuid and timestamp. Call with mu held.
func (w *Writer) buildLine(b []byte, l link, id string) []byte {
	line := w.line[:0]
	if w.torn {
		line = append(line, '\n')
	}
	line = append(line, '{')
	switch l {
	case linkChain:
		line = append(line, `"parentUuid":`...)
		line = appendNullable(line, w.leaf)
		line = append(line, ',')
	case linkBoundary:
		line = append(line, `"parentUuid":null,"logicalParentUuid":`...)
		line = appendNullable(line, w.leaf)
		line = append(line, ',')
	}
	line = append(line, b[1:len(b)-1]...)
	if id != "" {
		line = append(line, `,"uuid":"`...)
		line = append(line, id...)
		line = append(line, '"')
	}
	line = append(line, `,"timestamp":"`...)
	line = w.now().UTC().AppendFormat(line, "2006-01-02T15:04:05.000Z")
	return append(line, "\"}\n"...)
}

// appendNullable appends s as a JSON string, or null when it is empty.
func appendNullable(dst []byte, s string) []byte {
	if s == "" {
		return append(dst, "null"...)
	}
	q, err := provider.Marshal(s)
	if err != nil { // a string always encodes
		return append(dst, "null"...)
	}
	return append(dst, q...)
}
