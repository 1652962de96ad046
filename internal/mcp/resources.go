package mcp

import (
	"context"
	"fmt"
)

// maxResources bounds the resources listed from one server.
const maxResources = 1000

// Resource is one resource of a server.
type Resource struct {
	Server string
	ResourceInfo
}

// ListResources lists the resources of one server ("" : every connected
// server that offers resources).
func (m *Manager) ListResources(ctx context.Context, server string) ([]Resource, error) {
	conns := m.conns
	if server != "" {
		c, err := m.conn(server)
		if err != nil {
			return nil, err
		}
		conns = []*conn{c}
	}
	var out []Resource
	for _, c := range conns {
		if server == "" && !c.connected() {
			continue
		}
		rs, err := c.listResources(ctx)
		if err != nil {
			return nil, fmt.Errorf("MCP server %q: %w", c.srv.Name, err)
		}
		out = append(out, rs...)
	}
	return out, nil
}

// ReadResource reads one resource of a server.
func (m *Manager) ReadResource(ctx context.Context, server, uri string) (*ReadResourceResult, error) {
	c, err := m.conn(server)
	if err != nil {
		return nil, err
	}
	sess, err := c.session(ctx)
	if err == nil {
		var res ReadResourceResult
		if err = sess.call(ctx, "resources/read", map[string]any{"uri": uri}, &res); err == nil {
			return &res, nil
		}
	}
	return nil, fmt.Errorf("MCP server %q: %w", server, err)
}

func (c *conn) connected() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sess != nil
}

func (c *conn) listResources(ctx context.Context) ([]Resource, error) {
	sess, err := c.session(ctx)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	init := c.init
	c.mu.Unlock()
	if init == nil || init.Capabilities.Resources == nil {
		return nil, nil
	}
	var out []Resource
	cursor := ""
	for range maxPages {
		var page struct {
			Resources  []ResourceInfo `json:"resources"`
			NextCursor string         `json:"nextCursor"`
		}
		if err := sess.call(ctx, "resources/list", cursorParams(cursor), &page); err != nil {
			return nil, fmt.Errorf("resources/list: %w", err)
		}
		for _, r := range page.Resources {
			if out = append(out, Resource{Server: c.srv.Name, ResourceInfo: r}); len(out) == maxResources {
				return out, nil
			}
		}
		if cursor = page.NextCursor; cursor == "" {
			break
		}
	}
	return out, nil
}
