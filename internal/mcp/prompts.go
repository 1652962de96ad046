package mcp

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// maxPrompts bounds the prompts listed from one server.
const maxPrompts = 1000

// Prompt is a prompt template as prompts/list describes it.
type Prompt struct {
	Name        string           `json:"name"`
	Title       string           `json:"title,omitempty"`
	Description string           `json:"description,omitempty"`
	Arguments   []PromptArgument `json:"arguments,omitempty"`
}

// PromptArgument is one argument a prompt takes.
type PromptArgument struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	Required    bool   `json:"required,omitempty"`
}

// GetPromptResult is the answer to prompts/get.
type GetPromptResult struct {
	Description string          `json:"description,omitempty"`
	Messages    []PromptMessage `json:"messages"`
}

// PromptMessage is one message of a prompt: a role and one content block.
type PromptMessage struct {
	Role    string  `json:"role"`
	Content Content `json:"content"`
}

// ServerPrompt is one prompt of a connected server.
type ServerPrompt struct {
	Server string
	Prompt Prompt
}

// Prompts returns the servers' prompts, in configuration order, as last
// listed (at connection and after prompts/list_changed). A server that
// dropped keeps its list: getting one of its prompts reconnects it, as a
// call of one of its tools does.
func (m *Manager) Prompts() []ServerPrompt {
	if m == nil {
		return nil
	}
	var out []ServerPrompt
	for _, c := range m.conns {
		c.mu.Lock()
		for _, p := range c.prompts {
			out = append(out, ServerPrompt{Server: c.srv.Name, Prompt: p})
		}
		c.mu.Unlock()
	}
	return out
}

// GetPrompt runs prompts/get for one prompt of a server with its
// arguments. Errors name the server.
func (m *Manager) GetPrompt(ctx context.Context, server, name string, args map[string]string) (*GetPromptResult, error) {
	c, err := m.conn(server)
	if err != nil {
		return nil, err
	}
	sess, err := c.session(ctx)
	if err == nil {
		params := map[string]any{"name": name}
		if len(args) > 0 {
			params["arguments"] = args
		}
		var res GetPromptResult
		if err = sess.call(ctx, "prompts/get", params, &res); err == nil {
			return &res, nil
		}
	}
	return nil, fmt.Errorf("MCP server %q: %w", server, err)
}

// promptsListBound bounds the prompts/list made while connecting, so a
// server that does not answer it connects anyway, without prompts.
const promptsListBound = 5 * time.Second

// loadPrompts lists a server's prompts after it connected. A server that
// offers none, or fails to list them in time, has none: that never fails
// the connection (the failure is a warning).
func (c *conn) loadPrompts(ctx context.Context, sess *session, init *initializeResult) []Prompt {
	if init == nil || init.Capabilities.Prompts == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, promptsListBound)
	defer cancel()
	ps, err := listPrompts(ctx, sess)
	if err != nil {
		c.o.warn(c.srv.Name, fmt.Errorf("listing prompts (its slash commands are left out): %w", err))
	}
	return ps
}

func listPrompts(ctx context.Context, sess *session) ([]Prompt, error) {
	var out []Prompt
	cursor := ""
	for range maxPages {
		var page struct {
			Prompts    []Prompt `json:"prompts"`
			NextCursor string   `json:"nextCursor"`
		}
		if err := sess.call(ctx, "prompts/list", cursorParams(cursor), &page); err != nil {
			return nil, fmt.Errorf("prompts/list: %w", err)
		}
		for _, p := range page.Prompts {
			if p.Name == "" {
				continue
			}
			if out = append(out, p); len(out) == maxPrompts {
				return out, nil
			}
		}
		if cursor = page.NextCursor; cursor == "" {
			break
		}
	}
	return out, nil
}

// promptsBound bounds the prompts/list that follows a list_changed.
const promptsBound = 30 * time.Second

// refreshPrompts lists the prompts again after
// notifications/prompts/list_changed; on failure the old list stays.
func (c *conn) refreshPrompts(sess *session) {
	defer c.watchers.Done()
	ctx, cancel := context.WithTimeout(c.base, promptsBound)
	defer cancel()
	ps, err := listPrompts(ctx, sess)
	if err != nil {
		if !errors.Is(err, context.Canceled) {
			c.o.warn(c.srv.Name, fmt.Errorf("refreshing prompts after list_changed: %w", err))
		}
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sess == sess {
		c.prompts = ps
	}
}

// promptsChanged starts a refresh of the prompts of the live session.
func (c *conn) promptsChanged() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sess != nil && !c.done {
		c.watchers.Add(1)
		go c.refreshPrompts(c.sess)
	}
}

func (c *conn) setPrompts(ps []Prompt) {
	c.mu.Lock()
	c.prompts = ps
	c.mu.Unlock()
}

// RefreshPrompts lists one connected server's prompts again now (for a
// /mcp__server__name not among the listed ones: the server may have
// added it without notifying).
func (m *Manager) RefreshPrompts(ctx context.Context, server string) error {
	c, err := m.conn(server)
	if err != nil {
		return err
	}
	c.mu.Lock()
	sess, init := c.sess, c.init
	c.mu.Unlock()
	if sess == nil || init == nil || init.Capabilities.Prompts == nil {
		return fmt.Errorf("%w: MCP server %q offers no prompts now", ErrNotConnected, server)
	}
	ps, err := listPrompts(ctx, sess)
	if err != nil {
		return fmt.Errorf("MCP server %q: %w", server, err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sess == sess {
		c.prompts = ps
	}
	return nil
}
