package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"
)

// State is a server's connection state, with Claude Code's names.
type State string

// States of a server.
const (
	StatePending   State = "pending"
	StateConnected State = "connected"
	StateFailed    State = "failed"
	StateDisabled  State = "disabled"
	StateNeedsAuth State = "needs-auth"
)

// conn is the connection to one server. It connects once at start and
// again on the first call after the server dropped, with backoff after
// failed attempts.
type conn struct {
	srv Server
	o   *Options

	dial  sync.Mutex // one connection attempt at a time
	mu    sync.Mutex
	state State
	err   error
	sess  *session
	proc  *process
	init  *initializeResult
	tools []Tool
	fails int
	retry time.Time // no new attempt before this
	done  bool      // closed: never connect again

	prompts []Prompt // listed with the tools (prompts.go)

	base     context.Context // ends when the session closes
	ready    chan struct{}   // closed when the first attempt ended
	progress sync.Map        // progress token → func(Progress)
	watchers sync.WaitGroup  // watch and refresh goroutines
	authWarn sync.Once       // a needs-auth failure is warned about once

	refreshing refreshes // tools/list after list_changed under way (mu)
}

func newConn(base context.Context, s Server, o *Options) *conn {
	return &conn{srv: s, o: o, base: base, state: StatePending, ready: make(chan struct{})}
}

// start makes the first attempt and marks the server ready.
func (c *conn) start(ctx context.Context) {
	defer close(c.ready)
	_ = c.connect(ctx)
}

// connect opens a session, lists the tools and records the outcome.
func (c *conn) connect(ctx context.Context) error {
	c.dial.Lock()
	defer c.dial.Unlock()
	c.mu.Lock()
	if c.done || c.state == StateConnected {
		defer c.mu.Unlock()
		if c.done {
			return ErrNotConnected
		}
		return nil
	}
	c.mu.Unlock()
	c.stopProcess() // what a dropped session left
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	defer context.AfterFunc(c.base, stop)()
	sess, init, tools, err := c.open(ctx)
	if errors.Is(err, ErrNeedsAuth) { // once on stderr, not only in the status
		c.authWarn.Do(func() { c.o.warn(c.srv.Name, err) })
	}
	connected := false
	defer func() { // after c.mu is released below: the listener reads Tools
		if connected && c.o.Changed != nil {
			c.o.Changed(c.srv.Name)
		}
	}()
	c.mu.Lock()
	if err == nil && c.done { // closed meanwhile: the session must not outlive it
		c.mu.Unlock()
		sess.close()
		return ErrNotConnected
	}
	defer c.mu.Unlock()
	if err != nil {
		c.state, c.err, c.fails = StateFailed, err, c.fails+1
		if errors.Is(err, ErrNeedsAuth) {
			c.state = StateNeedsAuth
		}
		c.retry = time.Now().Add(backoff(c.fails))
		return err
	}
	c.state, c.err, c.fails, c.sess, c.init, c.tools = StateConnected, nil, 0, sess, init, tools
	c.watchers.Add(1)
	go c.watch(sess)
	connected = true
	return nil
}

// open connects within the start timeout: initialize, then tools/list.
func (c *conn) open(ctx context.Context) (*session, *initializeResult, []Tool, error) {
	ctx, cancel := context.WithTimeout(ctx, c.o.startTimeout(c.srv))
	defer cancel()
	cfg, missing := c.srv.Config.Expanded(c.o.Getenv)
	for _, name := range missing {
		c.o.warn(c.srv.Name, fmt.Errorf("${%s} is not set and has no default; left as written", name))
	}
	w, err := c.dialWire(ctx, cfg)
	if err != nil {
		return nil, nil, nil, c.explain(ctx, err)
	}
	sess := newSession(w, c.onNotify)
	init, tools, err := c.handshake(ctx, sess)
	if err != nil {
		sess.close()
		c.stopProcess()
		return nil, nil, nil, c.explain(ctx, err)
	}
	c.setPrompts(c.loadPrompts(ctx, sess, init))
	return sess, init, tools, nil
}

// handshake runs initialize and lists the tools.
func (c *conn) handshake(ctx context.Context, sess *session) (*initializeResult, []Tool, error) {
	var init initializeResult
	err := sess.call(ctx, "initialize", map[string]any{"protocolVersion": protocolVersion,
		"capabilities": struct{}{}, "clientInfo": Implementation{Name: "corvid", Version: c.o.Version}}, &init)
	if err != nil {
		return nil, nil, err
	}
	if v, ok := sess.w.(interface{ setProtocol(string) }); ok {
		v.setProtocol(init.ProtocolVersion)
	}
	if err := sess.notifyServer(ctx, "notifications/initialized", nil); err != nil {
		return nil, nil, err
	}
	tools, err := c.listTools(ctx, sess, &init)
	return &init, tools, err
}

func (c *conn) setProcess(p *process) {
	c.mu.Lock()
	c.proc = p
	c.mu.Unlock()
}

// stopProcess ends a process an aborted attempt or a dropped session left.
func (c *conn) stopProcess() {
	c.mu.Lock()
	p := c.proc
	c.mu.Unlock()
	if p != nil {
		_ = p.Close()
	}
}

// watch marks the server dropped when its session ends on its own.
func (c *conn) watch(sess *session) {
	defer c.watchers.Done()
	<-sess.done
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sess == sess {
		_, why := sess.ended()
		c.sess, c.state, c.retry = nil, StateFailed, time.Time{}
		c.err = fmt.Errorf("%w: %v; the next call reconnects", ErrNotConnected, why)
	}
}

// onNotify handles the server's notifications, in the order they came.
func (c *conn) onNotify(method string, params json.RawMessage) {
	switch method {
	case "notifications/progress":
		var p struct {
			Token any `json:"progressToken"`
			Progress
		}
		if json.Unmarshal(params, &p) != nil {
			return
		}
		if f, ok := c.progress.Load(fmt.Sprint(p.Token)); ok {
			f.(func(Progress))(p.Progress)
		}
	case "notifications/tools/list_changed":
		c.mu.Lock()
		sess, done := c.sess, c.done
		if sess != nil && !done {
			c.watchers.Add(1)
			c.beginRefresh()
			go c.refresh(sess)
		}
		c.mu.Unlock()
	case "notifications/prompts/list_changed":
		c.promptsChanged()
	}
}

// close ends the session and the process and waits for the watchers.
// The caller has ended c.base, which stops an attempt under way.
func (c *conn) close() {
	c.dial.Lock()
	c.mu.Lock()
	c.done = true
	sess := c.sess
	c.sess = nil
	c.mu.Unlock()
	c.dial.Unlock()
	if sess != nil {
		sess.close()
	}
	c.stopProcess()
	c.watchers.Wait()
}
