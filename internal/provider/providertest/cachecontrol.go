package providertest

import (
	"fmt"

	"corvid/internal/provider"
)

// checkCacheControl applies the API's cache_control rules to a decoded
// request: each marker is {"type":"ephemeral"} with an optional ttl of
// "5m" or "1h", and there are at most MaxBreakpoints of them. The result
// is the message of the 400 the API answers, or "".
func checkCacheControl(q Request) string {
	c := &markerCheck{}
	for i, t := range q.Tools {
		if problem := c.count(t.CacheControl); problem != "" && c.bad == "" {
			c.bad = fmt.Sprintf("tools.%d.cache_control.%s", i, problem)
		}
	}
	c.blocks(func() string { return "system" }, q.System)
	for i, m := range q.Messages {
		c.blocks(func() string { return fmt.Sprintf("messages.%d.content", i) }, m.Content)
	}
	switch {
	case c.bad != "":
		return c.bad
	case c.n > MaxBreakpoints:
		return fmt.Sprintf("A maximum of %d blocks with cache_control may be provided. Found %d.", MaxBreakpoints, c.n)
	}
	return ""
}

// markerCheck counts markers and keeps the first malformed one.
type markerCheck struct {
	n   int
	bad string
}

// blocks checks bs and the blocks nested in their content. where names
// bs in an error; it is only called for a malformed marker or a block
// with nested content.
func (c *markerCheck) blocks(where func() string, bs []provider.Block) {
	for i, b := range bs {
		if problem := c.count(b.CacheControl); problem != "" && c.bad == "" {
			c.bad = fmt.Sprintf("%s.%d.cache_control.%s", where(), i, problem)
		}
		if len(b.Content) > 0 {
			at := fmt.Sprintf("%s.%d.content", where(), i)
			c.blocks(func() string { return at }, b.Content)
		}
	}
}

// count counts a marker and says what is wrong with it, if anything.
func (c *markerCheck) count(cc *provider.CacheControl) string {
	if cc == nil {
		return ""
	}
	c.n++
	switch {
	case cc.Type != "ephemeral":
		return "type: Input should be 'ephemeral'"
	case cc.TTL != "" && cc.TTL != "5m" && cc.TTL != "1h":
		return "ttl: Input should be '5m' or '1h'"
	}
	return ""
}
