package mcp

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
)

// Manager owns the connections of one session.
type Manager struct {
	o      Options
	conns  []*conn
	byName map[string]*conn
	held   []Status
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// Status is one server's state, for system/init and mcp_status.
type Status struct {
	Name       string
	Scope      Scope
	State      State
	Error      string // why it failed or is disabled
	ServerName string // the server's own name and version, once connected
	Version    string
	Tools      []string
}

// Start connects to every server of l in the background, in parallel,
// and returns at once. Close ends them all.
func Start(l *Loaded, o Options) *Manager {
	ctx, cancel := context.WithCancel(context.Background())
	m := &Manager{o: o, byName: map[string]*conn{}, cancel: cancel}
	for _, s := range l.Held {
		m.held = append(m.held, Status{Name: s.Name, Scope: s.Scope, State: StateDisabled, Error: l.Reasons[s.Name]})
	}
	for _, s := range l.Servers {
		c := newConn(ctx, s, &m.o)
		m.conns = append(m.conns, c)
		m.byName[s.Name] = c
		m.wg.Add(1)
		go func() {
			defer m.wg.Done()
			c.start(ctx)
		}()
	}
	return m
}

// Wait waits until every server's first attempt ended, or d passed, or
// ctx ended, and reports whether all were done.
func (m *Manager) Wait(ctx context.Context, d time.Duration) bool {
	if m == nil {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	for _, c := range m.conns {
		select {
		case <-c.ready:
		case <-t.C:
			return false
		case <-ctx.Done():
			return false
		}
	}
	return true
}

// Close ends every connection and server process and waits for them.
func (m *Manager) Close() {
	if m == nil {
		return
	}
	m.cancel()
	var wg sync.WaitGroup
	for _, c := range m.conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.close()
		}()
	}
	wg.Wait()
	m.wg.Wait()
}

// Status reports every configured server, connected or not, by scope
// (user, project, local, --mcp-config) and name.
func (m *Manager) Status() []Status {
	if m == nil {
		return nil
	}
	out := append([]Status{}, m.held...)
	for _, c := range m.conns {
		c.mu.Lock()
		s := Status{Name: c.srv.Name, Scope: c.srv.Scope, State: c.state}
		if c.err != nil {
			s.Error = fmt.Sprintf("MCP server %q: %v", c.srv.Name, c.err)
		}
		if c.init != nil {
			s.ServerName, s.Version = c.init.ServerInfo.Name, c.init.ServerInfo.Version
		}
		for _, t := range c.tools {
			s.Tools = append(s.Tools, t.Name)
		}
		c.mu.Unlock()
		out = append(out, s)
	}
	slices.SortStableFunc(out, func(a, b Status) int {
		return cmp.Or(cmp.Compare(scopeRank[a.Scope], scopeRank[b.Scope]), strings.Compare(a.Name, b.Name))
	})
	return out
}

// scopeRank orders statuses as Claude Code 2.1.332 lists them in
// system/init: user, project, local, then --mcp-config servers (then the
// SDK host's own).
var scopeRank = map[Scope]int{ScopeUser: 0, ScopeProject: 1, ScopeLocal: 2, ScopeDynamic: 3, ScopeSDK: 4}

// ServerTool is one tool of a connected server.
type ServerTool struct {
	Server string
	Tool   Tool
}

// Tools returns the tools of the connected servers, in configuration order.
func (m *Manager) Tools() []ServerTool {
	if m == nil {
		return nil
	}
	var out []ServerTool
	for _, c := range m.conns {
		c.mu.Lock()
		for _, t := range c.tools {
			out = append(out, ServerTool{Server: c.srv.Name, Tool: t})
		}
		c.mu.Unlock()
	}
	return out
}

// Servers returns the names of the servers being connected, in order.
func (m *Manager) Servers() []string {
	var out []string
	for _, c := range m.conns {
		out = append(out, c.srv.Name)
	}
	return out
}

func (m *Manager) conn(server string) (*conn, error) {
	if m == nil || m.byName[server] == nil {
		return nil, fmt.Errorf("%w: %q", ErrUnknownServer, server)
	}
	return m.byName[server], nil
}

// Call calls a tool of a server. Errors name the server.
func (m *Manager) Call(ctx context.Context, server, tool string, args json.RawMessage, progress func(Progress)) (*CallToolResult, error) {
	c, err := m.conn(server)
	if err != nil {
		return nil, err
	}
	res, err := c.call(ctx, tool, args, progress)
	if err != nil {
		return nil, fmt.Errorf("MCP server %q: %w", server, err)
	}
	return res, nil
}
