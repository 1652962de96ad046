package filestate

import "slices"

// Clone returns a new cache holding c's entries (not its observer): a
// sub-agent starts from what its parent has read, and what it reads and
// writes later is its own. Two sub-agents that read a file and then both
// write it each hold their own entry, so the second writer finds the
// file changed since its read and is refused (ErrModified).
func (c *Cache) Clone() *Cache {
	out := New()
	out.Seed(c)
	return out
}

// Seed replaces c's entries with a copy of from's (c keeps its
// observer). It lets tools built over an empty cache start from another
// cache's view.
func (c *Cache) Seed(from *Cache) {
	from.mu.Lock()
	m := make(map[string]Entry, len(from.m))
	for k, v := range from.m {
		m[k] = v
	}
	order := slices.Clone(from.order)
	from.mu.Unlock()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m, c.order = m, order
}
