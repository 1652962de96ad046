package filestate

import (
	"slices"
	"strings"
	"time"
)

// Observe registers f to be called, outside the cache's lock, with the
// path of every entry recorded from now on (a read, a write or an edit).
// The conversation uses it to load the instruction files of a directory
// the first time a tool touches a file there. f must be safe for
// concurrent use; a later call replaces it.
func (c *Cache) Observe(f func(path string)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.observer = f
}

// Recent returns up to n recorded paths, the most recently recorded
// first. Compaction re-reads these so the model keeps the files it was
// working on.
func (c *Cache) Recent(n int) []string {
	c.mu.Lock()
	type seen struct {
		path string
		at   time.Time
	}
	all := make([]seen, 0, len(c.m))
	for p, e := range c.m {
		all = append(all, seen{p, e.At})
	}
	c.mu.Unlock()
	slices.SortFunc(all, func(a, b seen) int {
		if c := b.at.Compare(a.at); c != 0 {
			return c
		}
		return strings.Compare(a.path, b.path)
	})
	out := make([]string, 0, min(n, len(all)))
	for _, s := range all[:min(n, len(all))] {
		out = append(out, s.path)
	}
	return out
}
