package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"corvid/internal/jsonschema"
)

// tokens numbers progress tokens across the process.
var tokens atomic.Int64

// session returns a live session, reconnecting a dropped server unless
// its backoff has not run out.
func (c *conn) session(ctx context.Context) (*mcp.ClientSession, error) {
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
	_ = sess.Close()
}

// call runs tools/call. progress receives the server's progress
// notifications for this call. Cancelling ctx sends notifications/cancelled.
func (c *conn) call(ctx context.Context, name string, args json.RawMessage, progress func(*mcp.ProgressNotificationParams)) (*mcp.CallToolResult, error) {
	sess, err := c.session(ctx)
	if err != nil {
		return nil, err
	}
	if len(args) == 0 {
		args = json.RawMessage(`{}`)
	}
	params := &mcp.CallToolParams{Name: name, Arguments: args}
	if progress != nil {
		token := "corvid-" + strconv.FormatInt(tokens.Add(1), 10)
		c.progress.Store(token, progress)
		defer c.progress.Delete(token)
		params.SetProgressToken(token)
	}
	res, err := sess.CallTool(ctx, params)
	if errors.Is(err, mcp.ErrConnectionClosed) {
		return nil, fmt.Errorf("%w: the server's connection closed during the call; the next call reconnects", ErrNotConnected)
	}
	return res, err
}

func (c *conn) onProgress(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
	if req == nil || req.Params == nil {
		return
	}
	tok, ok := req.Params.ProgressToken.(string)
	if !ok {
		return
	}
	if f, ok := c.progress.Load(tok); ok {
		f.(func(*mcp.ProgressNotificationParams))(req.Params)
	}
}

// toolsChanged refreshes the tool list after notifications/tools/list_changed.
func (c *conn) toolsChanged(ctx context.Context, req *mcp.ToolListChangedRequest) {
	sess := req.Session
	tools, err := c.listTools(ctx, sess)
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

// maxTools bounds the tools taken from one server.
const maxTools = 1000

// listTools lists every page of tools, leaving out (with a warning) any
// whose input schema is not a valid JSON Schema object.
func (c *conn) listTools(ctx context.Context, sess *mcp.ClientSession) ([]*mcp.Tool, error) {
	if init := sess.InitializeResult(); init == nil || init.Capabilities == nil || init.Capabilities.Tools == nil {
		return nil, nil
	}
	var out []*mcp.Tool
	for t, err := range sess.Tools(ctx, nil) {
		if err != nil {
			return nil, fmt.Errorf("tools/list: %w", err)
		}
		if err := checkSchema(t); err != nil {
			c.o.warn(c.srv.Name, fmt.Errorf("tool %q left out: %w", t.Name, err))
			continue
		}
		if out = append(out, t); len(out) == maxTools {
			break
		}
	}
	return out, nil
}

// checkSchema accepts an input schema that compiles and describes an object.
func checkSchema(t *mcp.Tool) error {
	raw, err := json.Marshal(t.InputSchema)
	if err != nil {
		return fmt.Errorf("input schema: %v", err)
	}
	var top struct {
		Type any `json:"type"`
	}
	if json.Unmarshal(raw, &top) != nil || top.Type != "object" {
		return errors.New(`its input schema is not a JSON Schema of "type": "object"`)
	}
	if _, err := jsonschema.Compile(raw); err != nil {
		return fmt.Errorf("its input schema is not valid JSON Schema: %v", err)
	}
	return nil
}
