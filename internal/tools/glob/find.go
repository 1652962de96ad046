package glob

import (
	"cmp"
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/bmatcuk/doublestar/v4"

	"corvid/internal/walk"
)

// found is the outcome of one search: the newest matching paths (absolute)
// and whether more matched than are listed.
type found struct {
	paths     []string
	truncated bool
}

// find walks the static part of pattern (joined to dir unless absolute)
// and matches the rest against each file below it. Hidden files are
// included and ignore files are not read; version-control directories are
// skipped.
func find(ctx context.Context, dir, pattern string) (found, error) {
	full := filepath.ToSlash(pattern)
	if !filepath.IsAbs(pattern) {
		full = filepath.ToSlash(dir) + "/" + full
	}
	base, rest := doublestar.SplitPattern(full)
	base = filepath.Clean(filepath.FromSlash(base))
	if rest == "" {
		return found{}, nil
	}
	opts := walk.Options{}
	if !strings.Contains(rest, "**") {
		opts.MaxDepth = strings.Count(rest, "/") + 1
	}
	c := &collector{limit: maxResults}
	err := walk.Walk(ctx, base, opts, func(path string, d fs.DirEntry) error {
		rel, ok := strings.CutPrefix(filepath.ToSlash(path), strings.TrimSuffix(filepath.ToSlash(base), "/")+"/")
		if !ok || !doublestar.MatchUnvalidated(rest, rel) {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil // gone since the directory was read
		}
		c.add(entry{path: path, mtime: info.ModTime()})
		return nil
	})
	switch {
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission):
		return found{}, nil
	case err != nil:
		return found{}, err
	}
	return c.result(), nil
}

type entry struct {
	path  string
	mtime time.Time
}

// newer orders entries newest first, then by path.
func newer(a, b entry) int {
	if c := b.mtime.Compare(a.mtime); c != 0 {
		return c
	}
	return cmp.Compare(a.path, b.path)
}

// collector keeps the newest limit entries seen, in bounded memory: it
// trims back to limit whenever it holds a few times more.
type collector struct {
	mu    sync.Mutex
	limit int
	items []entry
	total int
}

func (c *collector) add(e entry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.total++
	c.items = append(c.items, e)
	if len(c.items) >= 4*c.limit+64 {
		c.trim()
	}
}

func (c *collector) trim() {
	slices.SortFunc(c.items, newer)
	c.items = c.items[:min(len(c.items), c.limit)]
}

func (c *collector) result() found {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.trim()
	paths := make([]string, len(c.items))
	for i, e := range c.items {
		paths[i] = e.path
	}
	return found{paths: paths, truncated: c.total > c.limit}
}
