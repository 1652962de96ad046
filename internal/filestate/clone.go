package filestate

import "slices"

// Clone returns a new cache holding c's entries (not its observer): a
// sub-agent starts from what its parent has read, and what it reads and
// writes later is its own. Two sub-agents that read a file and then both
// write it each hold their own entry, so the second writer finds the
// file changed since its read and is refused (ErrModified).
func (c *Cache) Clone() *Cache {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := &Cache{m: make(map[string]Entry, len(c.m)), order: slices.Clone(c.order)}
	for k, v := range c.m {
		out.m[k] = v
	}
	return out
}
