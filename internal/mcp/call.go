package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"corvid/internal/jsonschema"
)

// tokens numbers progress tokens across the process.
var tokens atomic.Int64

// refreshBound bounds the tools/list that follows a list_changed.
const refreshBound = 30 * time.Second

// session returns a live session, reconnecting a dropped server unless
// its backoff has not run out.
func (c *conn) session(ctx context.Context) (*session, error) {
	c.dropIfExited()
	c.mu.Lock()
	sess, state, err, retry := c.sess, c.state, c.err, c.retry
	c.mu.Unlock()
	switch {
	case sess != nil:
		return sess, nil
	case state == StatePending:
		return nil, fmt.Errorf("%w: still connecting", ErrNotConnected)
	case time.Now().Before(retry):
		return nil, fmt.Errorf("%w: %v (next attempt in %s)", ErrNotConnected, err,
			time.Until(retry).Round(time.Second))
	}
	if err := c.connect(ctx); err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sess == nil {
		return nil, fmt.Errorf("%w: %v", ErrNotConnected, c.err)
	}
	return c.sess, nil
}

// dropIfExited marks the session dropped when its stdio process has
// ended, so that the call reconnects instead of failing on a dead pipe.
func (c *conn) dropIfExited() {
	c.mu.Lock()
	sess, p := c.sess, c.proc
	if sess == nil || p == nil {
		c.mu.Unlock()
		return
	}
	if done, _ := p.exited(); !done {
		c.mu.Unlock()
		return
	}
	c.sess, c.state, c.retry = nil, StateFailed, time.Time{}
	c.err = fmt.Errorf("%w: the server exited", ErrNotConnected)
	c.mu.Unlock()
	sess.close()
}

// call runs tools/call. progress receives the server's progress
// notifications for this call. Cancelling ctx sends notifications/cancelled.
func (c *conn) call(ctx context.Context, name string, args json.RawMessage, progress func(Progress)) (*CallToolResult, error) {
	sess, err := c.session(ctx)
	if err != nil {
		return nil, err
	}
	if len(args) == 0 {
		args = json.RawMessage(`{}`)
	}
	params := map[string]any{"name": name, "arguments": args}
	if progress != nil {
		token := "corvid-" + strconv.FormatInt(tokens.Add(1), 10)
		c.progress.Store(token, progress)
		defer c.progress.Delete(token)
		params["_meta"] = map[string]any{"progressToken": token}
	}
	var res CallToolResult
	err = sess.call(ctx, "tools/call", params, &res)
	if errors.Is(err, errClosed) {
		return nil, fmt.Errorf("%w: %v; the next call reconnects", ErrNotConnected, err)
	}
	if err != nil {
		return nil, err
	}
	c.settle(ctx)
	return &res, nil
}

// refresh lists the tools again after notifications/tools/list_changed.
func (c *conn) refresh(sess *session) {
	defer c.watchers.Done()
	defer c.endRefresh()
	ctx, cancel := context.WithTimeout(c.base, refreshBound)
	defer cancel()
	c.mu.Lock()
	init := c.init
	c.mu.Unlock()
	tools, err := c.listTools(ctx, sess, init)
	if err != nil {
		c.o.warn(c.srv.Name, fmt.Errorf("refreshing tools after list_changed: %w", err))
		return
	}
	c.mu.Lock()
	if c.sess != sess {
		c.mu.Unlock()
		return
	}
	c.tools = tools
	c.mu.Unlock()
	if c.o.Changed != nil {
		c.o.Changed(c.srv.Name)
	}
}

// Bounds of what one server may list.
const (
	maxTools = 1000
	maxPages = 100
)

// listTools lists every page of tools, leaving out (with a warning) any
// whose input schema is not a valid JSON Schema object.
func (c *conn) listTools(ctx context.Context, sess *session, init *initializeResult) ([]Tool, error) {
	if init == nil || init.Capabilities.Tools == nil {
		return nil, nil
	}
	var out []Tool
	cursor := ""
	for range maxPages {
		var page struct {
			Tools      []Tool `json:"tools"`
			NextCursor string `json:"nextCursor"`
		}
		if err := sess.call(ctx, "tools/list", cursorParams(cursor), &page); err != nil {
			return nil, fmt.Errorf("tools/list: %w", err)
		}
		for _, t := range page.Tools {
			if err := checkSchema(t); err != nil {
				c.o.warn(c.srv.Name, fmt.Errorf("tool %q left out: %w", t.Name, err))
				continue
			}
			if out = append(out, t); len(out) == maxTools {
				return out, nil
			}
		}
		if cursor = page.NextCursor; cursor == "" {
			break
		}
	}
	return out, nil
}

func cursorParams(cursor string) map[string]any {
	if cursor == "" {
		return map[string]any{}
	}
	return map[string]any{"cursor": cursor}
}

// checkSchema accepts an input schema that compiles and describes an object.
func checkSchema(t Tool) error {
	var top struct {
		Type any `json:"type"`
	}
	if json.Unmarshal(t.InputSchema, &top) != nil || top.Type != "object" {
		return errors.New(`its input schema is not a JSON Schema of "type": "object"`)
	}
	if _, err := jsonschema.Compile(t.InputSchema); err != nil {
		return fmt.Errorf("its input schema is not valid JSON Schema: %v", err)
	}
	return nil
}
