package providertest

import (
	"container/list"
	"crypto/sha256"
	"sync"

	"corvid/internal/provider"
)

// promptCache is a server's memory of cached prefixes: the running hash
// at every breakpoint it has served, least recently used first out. It is
// global to the server and safe for concurrent use.
type promptCache struct {
	min, cap, lookback int

	mu    sync.Mutex
	order *list.List                          // of [sha256.Size]byte, most recent at the front
	index map[[sha256.Size]byte]*list.Element // hash → its place in order
}

func newPromptCache(cfg CacheConfig) *promptCache {
	return &promptCache{min: cfg.minTokens(), cap: cfg.maxEntries(), lookback: cfg.Lookback,
		order: list.New(), index: map[[sha256.Size]byte]*list.Element{}}
}

// price decides a request's usage from its prefix elements, then
// remembers the prefixes its breakpoints cache.
func (c *promptCache) price(els []element) CacheUsage {
	var u CacheUsage
	last := -1
	for i, e := range els {
		if e.marks > 0 {
			u.Breakpoints += e.marks
			last = i
		}
	}
	total := 0
	if len(els) > 0 {
		total = els[len(els)-1].end
	}
	if last < 0 {
		u.Input = total
		return u
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	u.Read = c.lookup(els, last)
	if els[last].end >= c.min {
		u.Creation, u.Creation1h = creation(els[:last+1], u.Read)
	}
	u.Input = total - u.Read - u.Creation
	c.store(els)
	return u
}

// lookup is the token length of the longest remembered prefix that ends
// at or before the last breakpoint (and, with a lookback, close enough
// before one); 0 when there is none. A hit counts as a use.
func (c *promptCache) lookup(els []element, last int) int {
	next := last // nearest breakpoint at or after j
	for j := last; j >= 0; j-- {
		if els[j].marks > 0 {
			next = j
		}
		if c.lookback > 0 && next-j >= c.lookback {
			continue
		}
		if e, ok := c.index[els[j].hash]; ok {
			c.order.MoveToFront(e)
			return els[j].end
		}
	}
	return 0
}

// creation is the tokens after read up to the last of els, which ends at
// a breakpoint, and the part of them whose breakpoint asked for ttl "1h":
// each stretch between breakpoints is written with the ttl of the
// breakpoint that ends it.
func creation(els []element, read int) (total, ttl1h int) {
	from := read
	for _, e := range els {
		if e.marks == 0 || e.end <= from {
			continue
		}
		if e.ttl1h {
			ttl1h += e.end - from
		}
		from = e.end
	}
	return from - read, ttl1h
}

// store remembers the prefix at every breakpoint long enough to cache.
func (c *promptCache) store(els []element) {
	for _, e := range els {
		if e.marks == 0 || e.end < c.min {
			continue
		}
		if el, ok := c.index[e.hash]; ok {
			c.order.MoveToFront(el)
			continue
		}
		c.index[e.hash] = c.order.PushFront(e.hash)
		if c.order.Len() > c.cap {
			oldest := c.order.Back()
			delete(c.index, c.order.Remove(oldest).([sha256.Size]byte))
		}
	}
}

// entries is how many prefixes are remembered.
func (c *promptCache) entries() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}

// priceCache runs the cache model on a request about to be served and
// records its decision. Unless the turn scripted its own usage, the turn
// it returns reports the priced input side.
func (s *Server) priceCache(ex *exchange, q Request, t Turn) Turn {
	if s.cache == nil {
		return t
	}
	u := s.cache.price(layoutPrompt(q.Body))
	u.Scripted = t.Usage != (provider.Usage{})
	s.recordCache(ex, u)
	if !u.Scripted {
		use := t.usage()
		use.InputTokens, use.CacheReadInputTokens = u.Input, u.Read
		use.CacheCreationInputTokens = u.Creation
		use.CacheCreation5m, use.CacheCreation1h = u.Creation-u.Creation1h, u.Creation1h
		t.Usage = use
	}
	return t
}
