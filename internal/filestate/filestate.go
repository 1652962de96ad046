// Package filestate remembers which files a conversation has read, and
// in what state, so that tools that change files can refuse to overwrite a
// file the model has not seen or that changed on disk since it was read.
//
// A Cache is shared by every tool of a conversation (and later by its
// sub-agents). It is safe for concurrent use. It imports only the
// standard library.
package filestate

import (
	"crypto/sha256"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// The messages the model sees (Claude Code's wording, which models are
// trained on).
var (
	ErrNotRead  = errors.New("File has not been read yet. Read it first before writing to it.")
	ErrModified = errors.New("File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.")
)

// maxEntries caps the cache; the least recently recorded entry goes first.
const maxEntries = 2000

// hashLimit is the largest file whose content is hashed: a file whose
// modification time changed but whose bytes did not is not stale, which
// only a hash can tell.
const hashLimit = 64 << 20

// Entry is what is known about one file as the conversation last saw it.
type Entry struct {
	Path    string
	ModTime time.Time
	Size    int64
	// Hash is the SHA-256 of the whole file; zero when not computed (a
	// file over 64 MiB).
	Hash    [32]byte
	HasHash bool
	// Partial is set when only a range was read (Offset, Limit in lines).
	Partial       bool
	Offset, Limit int
	At            time.Time
}

// Cache maps cleaned absolute paths to entries.
type Cache struct {
	mu       sync.Mutex
	m        map[string]Entry
	order    []string
	observer func(path string)
}

// New returns an empty cache.
func New() *Cache { return &Cache{m: map[string]Entry{}} }

// Key is the cache key of a path: absolute and cleaned.
func Key(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return filepath.Clean(path)
}

// Record stores e (its Path is normalised with Key) and tells the
// observer, if any.
func (c *Cache) Record(e Entry) {
	e.Path = Key(e.Path)
	if e.At.IsZero() {
		e.At = time.Now()
	}
	if observe := c.store(e); observe != nil {
		observe(e.Path)
	}
}

func (c *Cache) store(e Entry) (observer func(string)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[e.Path]; !ok {
		c.order = append(c.order, e.Path)
	}
	c.m[e.Path] = e
	for len(c.order) > maxEntries {
		delete(c.m, c.order[0])
		c.order = c.order[1:]
	}
	return c.observer
}

// RecordFile stats and hashes path and records it as read (whole, unless
// partial is set with its range).
func (c *Cache) RecordFile(path string, partial bool, offset, limit int) error {
	e, err := Snapshot(path)
	if err != nil {
		return err
	}
	e.Partial, e.Offset, e.Limit = partial, offset, limit
	c.Record(e)
	return nil
}

// Get returns the entry for path.
func (c *Cache) Get(path string) (Entry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[Key(path)]
	return e, ok
}

// Forget drops path.
func (c *Cache) Forget(path string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.m, Key(path))
}

// CheckFresh reports whether path may be changed: ErrNotRead when the
// conversation never read it, ErrModified when its bytes changed since.
// A file that does not exist is fresh (there is nothing to lose).
func (c *Cache) CheckFresh(path string) error {
	info, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	e, ok := c.Get(path)
	if !ok {
		return ErrNotRead
	}
	if info.ModTime().Equal(e.ModTime) && info.Size() == e.Size {
		return nil
	}
	if !e.HasHash {
		return ErrModified
	}
	now, err := Snapshot(path)
	if err != nil {
		return err
	}
	if !now.HasHash || now.Hash != e.Hash {
		return ErrModified
	}
	e.ModTime, e.Size = now.ModTime, now.Size // touched, not changed
	c.Record(e)
	return nil
}

// Snapshot stats path and hashes its content when it is small enough.
func Snapshot(path string) (Entry, error) {
	f, err := os.Open(path)
	if err != nil {
		return Entry{}, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return Entry{}, err
	}
	e := Entry{Path: Key(path), ModTime: info.ModTime(), Size: info.Size()}
	if info.Mode().IsRegular() && info.Size() <= hashLimit {
		h := sha256.New()
		if _, err := io.Copy(h, f); err != nil {
			return Entry{}, err
		}
		copy(e.Hash[:], h.Sum(nil))
		e.HasHash = true
	}
	return e, nil
}
