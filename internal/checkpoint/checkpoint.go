// Package checkpoint keeps what files held before corvid's own file tools
// (Write, Edit, MultiEdit, NotebookEdit) first changed them in a prompt's
// turn, so that a rewind can put the code back as it was before that
// prompt. Content is kept under the session's directory, content-addressed
// and written atomically, with an index that survives a resume; it is
// capped per file and per session (a file over a cap is recorded as not
// restorable). Changes made by other means (Bash, editors) are not seen.
//
// A Store is safe for concurrent use. It is a leaf package over
// atomicfile and patch.
package checkpoint

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"corvid/internal/atomicfile"
)

// Default caps.
const (
	DefaultFileCap    = 2 << 20  // bytes kept of one file
	DefaultSessionCap = 64 << 20 // bytes kept for one session
	// maxRecords caps the index: later first changes are not restorable.
	maxRecords = 10000
)

// Store is one session's checkpoints. The zero Store records nothing
// until Open gives it a directory.
type Store struct {
	// FileCap and SessionCap override the default caps when > 0.
	FileCap, SessionCap int64

	mu  sync.Mutex
	dir string
	idx index
	cur string // the key of the turn running now ("" records nothing)
	err error  // the last failure to save the index
}

// index is what index.json holds.
type index struct {
	Turns []*turn `json:"turns"`
	Bytes int64   `json:"bytes"` // the size of the blobs kept
}

// turn is the files one prompt's turn changed, each as it was before the
// turn's first change to it.
type turn struct {
	Key   string    `json:"key"`
	Files []*record `json:"files"`
}

// record is one file before a turn changed it.
type record struct {
	Path    string      `json:"path"` // absolute, symbolic links resolved
	Existed bool        `json:"existed"`
	Blob    string      `json:"blob,omitempty"` // SHA-256 of the content, hex
	Size    int64       `json:"size,omitempty"`
	Mode    fs.FileMode `json:"mode,omitempty"`
	Lost    string      `json:"lost,omitempty"` // why it cannot be restored
	// ModTime is when a file that was not kept was last changed: while it
	// and the size stay the same, nothing changed it.
	ModTime time.Time `json:"modTime,omitzero"`
}

// Open makes dir the store's directory and loads what an earlier process
// of the session kept there. An unreadable index is set aside (nothing
// earlier is restorable) rather than trusted.
func (s *Store) Open(dir string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.dir = dir
	b, err := os.ReadFile(s.indexPath())
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err == nil {
		err = json.Unmarshal(b, &s.idx)
	}
	if err != nil {
		s.idx = index{}
		return fmt.Errorf("checkpoint: reading %s: %w", s.indexPath(), err)
	}
	return nil
}

// Begin starts the turn of the prompt with key: the first change to each
// file from now on is checkpointed under it. A key seen before (a resumed
// turn) continues that turn; "" stops recording.
func (s *Store) Begin(key string) {
	s.mu.Lock()
	s.cur = key
	s.mu.Unlock()
}

// Enabled reports whether the store has a directory to keep files in.
func (s *Store) Enabled() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dir != ""
}

// Err is the last failure to save the index, nil when all is well.
func (s *Store) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

func (s *Store) indexPath() string { return filepath.Join(s.dir, "index.json") }
func (s *Store) blobPath(sum string) string {
	return filepath.Join(s.dir, "blobs", sum[:2], sum)
}

func (s *Store) fileCap() int64 {
	if s.FileCap > 0 {
		return s.FileCap
	}
	return DefaultFileCap
}

func (s *Store) sessionCap() int64 {
	if s.SessionCap > 0 {
		return s.SessionCap
	}
	return DefaultSessionCap
}

// save writes the index atomically. Call with mu held.
func (s *Store) save() {
	b, err := json.Marshal(&s.idx)
	if err == nil {
		err = atomicfile.Write(s.indexPath(), b, 0o600)
	}
	s.err = err
}

// find returns the turn with key, nil if none. Call with mu held.
func (s *Store) find(key string) *turn {
	i := slices.IndexFunc(s.idx.Turns, func(t *turn) bool { return t.Key == key })
	if i < 0 {
		return nil
	}
	return s.idx.Turns[i]
}

func (s *Store) records() int {
	n := 0
	for _, t := range s.idx.Turns {
		n += len(t.Files)
	}
	return n
}
