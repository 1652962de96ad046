package checkpoint

import (
	"os"
	"path/filepath"
	"slices"
)

// Drop forgets the turns with keys (a rewind abandoned them) and the kept
// content no other turn needs.
func (s *Store) Drop(keys []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := len(s.idx.Turns)
	s.idx.Turns = slices.DeleteFunc(s.idx.Turns, func(t *turn) bool { return slices.Contains(keys, t.Key) })
	if len(s.idx.Turns) == n || s.dir == "" {
		return
	}
	used := map[string]bool{}
	for _, t := range s.idx.Turns {
		for _, r := range t.Files {
			used[r.Blob] = true
		}
	}
	s.idx.Bytes = 0
	seen := map[string]bool{}
	for _, t := range s.idx.Turns {
		for _, r := range t.Files {
			if r.Blob != "" && !seen[r.Blob] {
				seen[r.Blob] = true
				s.idx.Bytes += r.Size
			}
		}
	}
	s.save()
	s.sweep(used)
}

// sweep removes kept content nothing refers to. Call with mu held.
func (s *Store) sweep(used map[string]bool) {
	dirs, _ := os.ReadDir(filepath.Join(s.dir, "blobs"))
	for _, d := range dirs {
		sub := filepath.Join(s.dir, "blobs", d.Name())
		files, _ := os.ReadDir(sub)
		for _, f := range files {
			if !used[f.Name()] {
				os.Remove(filepath.Join(sub, f.Name()))
			}
		}
	}
}
