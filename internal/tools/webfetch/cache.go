package webfetch

import (
	"container/list"
	"sync"
	"time"
)

// page is a fetched page ready for the prompt: what the cache holds. It
// is never modified after it is built.
type page struct {
	url      string // the final URL, after same-site redirects
	code     int
	codeText string
	bytes    int    // body bytes received
	content  string // Markdown or text, truncated, with any notes
	markdown bool   // content was converted from HTML
}

// size is what a page counts against the cache's byte budget.
func (p *page) size() int64 { return int64(len(p.content) + len(p.url) + 64) }

// cache is a bounded LRU of pages with a time to live. It is safe for
// concurrent use.
type cache struct {
	ttl        time.Duration
	maxEntries int
	maxBytes   int64
	now        func() time.Time

	mu    sync.Mutex
	order *list.List // of *cacheEntry, most recently used first
	byKey map[string]*list.Element
	bytes int64
}

type cacheEntry struct {
	key     string
	page    *page
	expires time.Time
}

func newCache(ttl time.Duration, maxEntries int, maxBytes int64, now func() time.Time) *cache {
	return &cache{ttl: ttl, maxEntries: maxEntries, maxBytes: maxBytes, now: now,
		order: list.New(), byKey: map[string]*list.Element{}}
}

// get returns the page stored under key unless it has expired.
func (c *cache) get(key string) (*page, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byKey[key]
	if !ok {
		return nil, false
	}
	e := el.Value.(*cacheEntry)
	if !c.now().Before(e.expires) {
		c.remove(el)
		return nil, false
	}
	c.order.MoveToFront(el)
	return e.page, true
}

// put stores p under key, evicting the least recently used pages to stay
// within bounds. A page larger than the whole budget is not stored.
func (c *cache) put(key string, p *page) {
	if p.size() > c.maxBytes || c.maxEntries <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byKey[key]; ok {
		c.remove(el)
	}
	c.byKey[key] = c.order.PushFront(&cacheEntry{key: key, page: p, expires: c.now().Add(c.ttl)})
	c.bytes += p.size()
	for c.order.Len() > c.maxEntries || c.bytes > c.maxBytes {
		c.remove(c.order.Back())
	}
}

// remove drops one entry; the caller holds mu.
func (c *cache) remove(el *list.Element) {
	e := c.order.Remove(el).(*cacheEntry)
	delete(c.byKey, e.key)
	c.bytes -= e.page.size()
}

// count is the number of entries, expired ones included.
func (c *cache) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
