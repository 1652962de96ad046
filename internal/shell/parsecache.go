package shell

import (
	"container/list"
	"maps"
	"slices"
	"sync"
)

// parseCacheSize bounds the analyses remembered: the commands of the
// last few tool calls.
const parseCacheSize = 64

// parseCache remembers the analyses of the commands parsed last. One
// Bash call has its command parsed several times (the tool's IsReadOnly,
// IsDestructive and result checks, the permission engine, the code
// `sh -c` runs), and an Analysis depends on the command's text alone:
// the parser, the ambiguity checks and the walk read no file, variable
// or clock. Only analyses are kept, never a decision (decisions depend
// on the file system), and failed parses are not kept.
type parseCache struct {
	mu     sync.Mutex
	byText map[string]*list.Element // command → element of order holding a cacheEntry
	order  *list.List               // most recently used first
}

type cacheEntry struct {
	text string
	a    *Analysis
}

var parsed = &parseCache{byText: map[string]*list.Element{}, order: list.New()}

// get returns a copy of the analysis of text, if remembered.
func (c *parseCache) get(text string) (*Analysis, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byText[text]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(el)
	return el.Value.(cacheEntry).a.clone(), true
}

// put remembers a's analysis of text (a itself is kept: the caller gets
// a copy), forgetting the least recently used one beyond the bound.
func (c *parseCache) put(text string, a *Analysis) *Analysis {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byText[text]; ok { // parsed twice at once: keep one
		c.order.MoveToFront(el)
		return el.Value.(cacheEntry).a.clone()
	}
	c.byText[text] = c.order.PushFront(cacheEntry{text: text, a: a})
	for c.order.Len() > parseCacheSize {
		old := c.order.Back()
		c.order.Remove(old)
		delete(c.byText, old.Value.(cacheEntry).text)
	}
	return a.clone()
}

// clone returns a copy of a that its user may change without changing
// a: the lists are copied, and the slices inside their elements are
// clipped, so that appending to them copies too. The words themselves
// are shared: an Analysis's elements are never modified in place.
func (a *Analysis) clone() *Analysis {
	c := *a
	c.Commands = slices.Clone(a.Commands)
	for i := range c.Commands {
		x := &c.Commands[i]
		x.Args, x.Raw = slices.Clip(x.Args), slices.Clip(x.Raw)
		x.Assigns, x.Wrappers = slices.Clip(x.Assigns), slices.Clip(x.Wrappers)
	}
	c.Redirects = slices.Clip(slices.Clone(a.Redirects))
	c.Substs = slices.Clip(slices.Clone(a.Substs))
	c.Funcs = slices.Clip(slices.Clone(a.Funcs))
	c.Commands = slices.Clip(c.Commands)
	if a.Loops != nil {
		c.Loops = maps.Clone(a.Loops)
		for k, v := range c.Loops {
			c.Loops[k] = slices.Clip(v)
		}
	}
	return &c
}
