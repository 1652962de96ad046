package checkpoint

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"

	"corvid/internal/atomicfile"
	"corvid/internal/patch"
)

// Change is what restoring one file would undo.
type Change struct {
	Path string // absolute
	// Added and Removed count the lines the turns added and removed.
	Added, Removed int
	Created        bool   // the turns created it: restoring removes it
	Deleted        bool   // it is gone now: restoring puts it back
	Lost           string // why it cannot be restored; "" when it can
}

// Failure is a file Restore could not put back, and why.
type Failure struct{ Path, Reason string }

// Report says exactly which files Restore put back and which it could not.
type Report struct {
	Restored []string
	Failed   []Failure
}

// earliest returns, for each file the turns with keys changed, its record
// from the first of them (what it held before them all), in the order
// they were first changed.
func (s *Store) earliest(keys []string) []*record {
	s.mu.Lock()
	defer s.mu.Unlock()
	seen := map[string]bool{}
	var out []*record
	for _, t := range s.idx.Turns {
		if !slices.Contains(keys, t.Key) {
			continue
		}
		for _, r := range t.Files {
			if !seen[r.Path] {
				seen[r.Path] = true
				cp := *r
				out = append(out, &cp)
			}
		}
	}
	return out
}

// Changes lists what restoring the files to before the turns with keys
// would change; files that are as they were are left out.
func (s *Store) Changes(keys []string) []Change {
	var out []Change
	for _, r := range s.earliest(keys) {
		if c, ok := s.change(r); ok {
			out = append(out, c)
		}
	}
	return out
}

// change compares r with the file now.
func (s *Store) change(r *record) (Change, bool) {
	c := Change{Path: r.Path, Lost: r.Lost}
	if r.Lost != "" && r.Existed && untouched(r) {
		return c, false // not kept, but not changed either
	}
	if err := checkPlace(r.Path); err != nil {
		c.Lost = err.Error()
		return c, true
	}
	now, err := readCapped(r.Path, s.fileCap())
	exists := !errors.Is(err, fs.ErrNotExist)
	switch {
	case !r.Existed && !exists:
		return c, false
	case !r.Existed:
		c.Created = true
		c.Added = patch.Compute("", string(now)).Added
		return c, true
	case c.Lost != "":
		return c, true
	}
	old, berr := s.blob(r)
	if berr != nil {
		c.Lost = berr.Error()
		return c, true
	}
	if !exists {
		c.Deleted, c.Removed = true, patch.Compute(string(old), "").Removed
		return c, true
	}
	if err == nil && bytes.Equal(old, now) {
		return c, false
	}
	d := patch.Compute(string(old), string(now))
	c.Added, c.Removed = d.Added, d.Removed
	return c, true
}

// untouched reports whether a file not kept still has the size and
// modification time it had when it was recorded.
func untouched(r *record) bool {
	info, err := os.Lstat(r.Path)
	return err == nil && !r.ModTime.IsZero() && info.Size() == r.Size && info.ModTime().Equal(r.ModTime)
}

// blob reads r's kept content and checks it against its hash.
func (s *Store) blob(r *record) ([]byte, error) {
	s.mu.Lock()
	p := s.blobPath(r.Blob)
	s.mu.Unlock()
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDamaged, err)
	}
	if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) != r.Blob {
		return nil, ErrDamaged
	}
	return b, nil
}

// Restore puts every file the turns with keys changed back as it was
// before the first of them: content and mode written back atomically, a
// file they created removed. It never writes through a symbolic link
// found in the file's place or on the way to it: such a file, and any it
// has no checkpoint for, is reported as failed and left alone.
func (s *Store) Restore(keys []string) Report {
	var rep Report
	for _, r := range s.earliest(keys) {
		c, ok := s.change(r)
		if !ok {
			continue
		}
		if c.Lost != "" {
			rep.Failed = append(rep.Failed, Failure{r.Path, c.Lost})
			continue
		}
		if err := s.put(r); err != nil {
			rep.Failed = append(rep.Failed, Failure{r.Path, err.Error()})
			continue
		}
		rep.Restored = append(rep.Restored, r.Path)
	}
	return rep
}

// put writes r back (or removes the file it was not).
func (s *Store) put(r *record) error {
	if !r.Existed {
		if err := os.Remove(r.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	}
	data, err := s.blob(r)
	if err != nil {
		return err
	}
	// Checked again just before writing; atomicfile replaces the path by
	// a rename, which never writes through a link put there meanwhile.
	if err := checkPlace(r.Path); err != nil {
		return err
	}
	if err := atomicfile.Write(r.Path, data, r.Mode); err != nil {
		return err
	}
	return os.Chmod(r.Path, r.Mode)
}
