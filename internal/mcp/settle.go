package mcp

import (
	"context"
	"time"
)

// A server that adds a tool while answering a call says
// notifications/tools/list_changed before its answer. The call's result
// is held until the tools are listed again (and Options.Changed told), so
// that a tool a call added is offered in the very next request.

// refreshes counts the tools/list refreshes under way; idle is closed
// when the count drops to zero. Both are guarded by conn.mu.
type refreshes struct {
	n    int
	idle chan struct{}
}

// beginRefresh counts one refresh; the caller holds c.mu.
func (c *conn) beginRefresh() {
	if c.refreshing.n == 0 {
		c.refreshing.idle = make(chan struct{})
	}
	c.refreshing.n++
}

// endRefresh ends one refresh.
func (c *conn) endRefresh() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.refreshing.n--
	if c.refreshing.n == 0 {
		close(c.refreshing.idle)
	}
}

// settle waits until no refresh is under way, or ctx ends, or the bound
// of one refresh passed.
func (c *conn) settle(ctx context.Context) {
	c.mu.Lock()
	idle := c.refreshing.idle
	busy := c.refreshing.n > 0
	c.mu.Unlock()
	if !busy {
		return
	}
	t := time.NewTimer(refreshBound)
	defer t.Stop()
	select {
	case <-idle:
	case <-ctx.Done():
	case <-t.C:
	}
}
