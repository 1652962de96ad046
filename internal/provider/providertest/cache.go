package providertest

import (
	"errors"
	"fmt"
)

// Defaults of the prompt-cache model.
const (
	// DefaultCacheMinTokens is the real API's minimum cacheable prefix
	// for most models.
	DefaultCacheMinTokens = 1024
	// DefaultCacheEntries caps the prefixes a server remembers.
	DefaultCacheEntries = 4096
	// MaxBreakpoints is how many cache_control markers one request may
	// carry before the API answers 400.
	MaxBreakpoints = 4
)

// CacheConfig turns on the prompt-cache model (see the package doc). In
// JSON it is the scenario's prompt_cache object; {} takes every default.
type CacheConfig struct {
	// MinTokens is the shortest prefix, in estimated tokens, that a
	// breakpoint caches; nil means DefaultCacheMinTokens, and new(0)
	// caches every prefix.
	MinTokens *int `json:"min_tokens,omitempty"`
	// MaxEntries caps the remembered prefixes; the least recently used
	// is forgotten first. 0 means DefaultCacheEntries.
	MaxEntries int `json:"max_entries,omitempty"`
	// Lookback, when > 0, limits a hit to the boundaries at most
	// Lookback-1 elements before one of the request's breakpoints (the
	// real API looks back about 20 blocks). 0 looks back without limit.
	Lookback int `json:"lookback,omitempty"`
}

func (c *CacheConfig) minTokens() int {
	if c.MinTokens == nil {
		return DefaultCacheMinTokens
	}
	return *c.MinTokens
}

func (c *CacheConfig) maxEntries() int {
	if c.MaxEntries > 0 {
		return c.MaxEntries
	}
	return DefaultCacheEntries
}

func (c *CacheConfig) validate() error {
	if c == nil {
		return nil
	}
	if c.minTokens() < 0 || c.MaxEntries < 0 || c.Lookback < 0 {
		return errors.New("prompt_cache: min_tokens, max_entries and lookback must not be negative")
	}
	return nil
}

// CacheUsage is what the prompt-cache model decided for one request. The
// three token counts add up to the request's estimated prompt size.
type CacheUsage struct {
	Breakpoints int // cache_control markers in the request
	Read        int // cache_read_input_tokens: the longest remembered prefix
	Creation    int // cache_creation_input_tokens: from there to the last breakpoint
	Creation1h  int // the part of Creation written by breakpoints with ttl "1h"
	Input       int // input_tokens: after the last breakpoint
	// Scripted is set when the turn scripted its own usage, which was
	// reported instead of these counts.
	Scripted bool
}

// Total is the request's estimated prompt size.
func (u CacheUsage) Total() int { return u.Read + u.Creation + u.Input }

func (u CacheUsage) String() string {
	return fmt.Sprintf("breakpoints=%d read=%d creation=%d input=%d", u.Breakpoints, u.Read, u.Creation, u.Input)
}

// CacheShare is the fraction of prompt tokens read from the cache over
// reqs: sum(read) / sum(input+read+creation), counting only requests the
// cache model priced. It is 0 when there are none.
func CacheShare(reqs ...Request) float64 {
	read, total := 0, 0
	for _, q := range reqs {
		if q.Cache != nil {
			read += q.Cache.Read
			total += q.Cache.Total()
		}
	}
	if total == 0 {
		return 0
	}
	return float64(read) / float64(total)
}
