package checkpoint

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"corvid/internal/atomicfile"
	"corvid/internal/capread"
)

// Before checkpoints the file at path (absolute) unless the running turn
// already did: call it just before a tool changes the file. A file that
// cannot be kept (too big, over the budget, not a regular file) is
// recorded as not restorable, with the reason.
func (s *Store) Before(path string) {
	if !filepath.IsAbs(path) {
		return
	}
	real := realPath(filepath.Clean(path))
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.dir == "" || s.cur == "" {
		return
	}
	t := s.find(s.cur)
	if t != nil && slices.ContainsFunc(t.Files, func(r *record) bool { return r.Path == real }) {
		return
	}
	if t == nil {
		t = &turn{Key: s.cur}
		s.idx.Turns = append(s.idx.Turns, t)
	}
	r := &record{Path: real}
	if s.records() >= maxRecords {
		r.Lost = ErrBudget.Error()
	} else {
		s.keep(r)
	}
	t.Files = append(t.Files, r)
	s.save()
}

// keep fills r from the file as it is now. Call with mu held.
func (s *Store) keep(r *record) {
	info, err := os.Lstat(r.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return // the turn creates it: restoring removes it
	case err != nil:
		r.Lost = err.Error()
		return
	case info.Mode()&fs.ModeSymlink != 0: // a link realPath could not follow
		r.Existed, r.Lost, r.Size, r.ModTime = true, ErrLinked.Error(), info.Size(), info.ModTime()
		return
	case !info.Mode().IsRegular():
		r.Existed, r.Lost, r.Size, r.ModTime = true, ErrNotRegular.Error(), info.Size(), info.ModTime()
		return
	}
	r.Existed, r.Mode, r.Size, r.ModTime = true, info.Mode().Perm(), info.Size(), info.ModTime()
	if info.Size() > s.fileCap() {
		r.Lost = fmt.Sprintf("%v (%d bytes; the cap is %d)", ErrTooBig, info.Size(), s.fileCap())
		return
	}
	data, err := readCapped(r.Path, s.fileCap())
	if err != nil {
		r.Lost = err.Error()
		return
	}
	sum := sha256.Sum256(data)
	r.Blob, r.Size = hex.EncodeToString(sum[:]), int64(len(data))
	if _, err := os.Stat(s.blobPath(r.Blob)); err == nil {
		r.ModTime = time.Time{} // kept: the content tells
		return                  // the same content is kept already
	}
	if s.idx.Bytes+r.Size > s.sessionCap() {
		r.Blob, r.Lost = "", ErrBudget.Error()
		return
	}
	if err := atomicfile.Write(s.blobPath(r.Blob), data, 0o600); err != nil {
		r.Blob, r.Lost = "", fmt.Sprintf("%v: %v", ErrUnsaved, err)
		return
	}
	r.ModTime = time.Time{}
	s.idx.Bytes += r.Size
}

// readCapped reads a regular file of at most limit bytes (it may have
// grown, or been replaced, since it was looked at).
func readCapped(path string, limit int64) ([]byte, error) {
	data, err := capread.File(path, limit)
	if errors.Is(err, capread.ErrTooLarge) {
		return nil, ErrTooBig
	}
	return data, err
}

// realPath is path with the symbolic links on the way to it resolved, as
// the file tools follow them: the file that is really changed. Missing
// trailing parts are kept as they are; a link that cannot be followed
// (dangling) stays, and is recorded as not restorable.
func realPath(path string) string {
	if r, err := filepath.EvalSymlinks(path); err == nil {
		return r
	}
	dir, rest := path, ""
	for {
		parent := filepath.Dir(dir)
		if parent == dir {
			return path
		}
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = parent
		if _, err := os.Lstat(dir); err == nil {
			if r, err := filepath.EvalSymlinks(dir); err == nil {
				return filepath.Join(r, rest)
			}
			return path
		}
	}
}
