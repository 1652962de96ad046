package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
)

// SDKBridge carries JSON-RPC messages between corvid and the MCP servers
// an Agent SDK host runs in its own process (entries of type "sdk"): the
// control protocol's mcp_message requests, in both directions.
type SDKBridge interface {
	// Send hands one message to the host's server and returns the host's
	// reply: the server's JSON-RPC response to a request, a mere
	// acknowledgement to anything else. It returns when ctx ends.
	Send(ctx context.Context, server string, msg json.RawMessage) (json.RawMessage, error)
	// Attach routes what server sends on its own (notifications, its own
	// requests, late replies) to recv until detach is called. recv must
	// not block.
	Attach(server string, recv func(json.RawMessage)) (detach func())
}

// SDKManifests is what a bridge may also offer: the handshake the SDK
// already made with a server itself (initialize's sdkMcpServerManifests,
// {"initializeResult":…,"toolsListResult":…}), so that corvid answers its
// own initialize and first tools/list from it, as Claude Code does,
// instead of three round trips through the host. Manifest returns it
// once (a reconnection handshakes for real).
type SDKManifests interface {
	Manifest(server string) json.RawMessage
}

// manifest is a server's recorded handshake.
type manifest struct {
	Initialize json.RawMessage `json:"initializeResult"`
	ToolsList  json.RawMessage `json:"toolsListResult"`
}

// maxInbox caps the messages a bridged server may have waiting for the
// session's read loop; past it the connection ends (and the next call
// reconnects) rather than growing without bound.
const maxInbox = 4096

// sdkWire is the wire to one server of the host: requests go out as
// mcp_message requests, each waited for by its own goroutine, whose reply
// joins what the server sends on its own in one inbox that Recv reads.
type sdkWire struct {
	bridge SDKBridge
	server string
	detach func()
	ctx    context.Context // ends with Close: withdraws every request
	cancel context.CancelFunc
	wg     sync.WaitGroup // request goroutines

	mu       sync.Mutex
	inbox    [][]byte
	err      error                         // set once the wire ended
	inflight map[string]context.CancelFunc // JSON-RPC id → withdraw it
	ready    chan struct{}                 // signalled when inbox or err changed
	once     sync.Once
	// known is the SDK's own handshake, answered from here; initialized
	// is set once its initialize was, so the notification is not sent
	// again. Both are guarded by mu.
	known       manifest
	initialized bool
}

func newSDKWire(b SDKBridge, server string) *sdkWire {
	ctx, cancel := context.WithCancel(context.Background())
	w := &sdkWire{bridge: b, server: server, ctx: ctx, cancel: cancel,
		inflight: map[string]context.CancelFunc{}, ready: make(chan struct{}, 1)}
	w.detach = b.Attach(server, w.push)
	if m, ok := b.(SDKManifests); ok {
		if raw := m.Manifest(server); len(raw) > 0 && json.Unmarshal(raw, &w.known) != nil {
			w.known = manifest{}
		}
	}
	return w
}

// fromManifest answers a handshake message from the SDK's manifest; it
// reports whether it did.
func (w *sdkWire) fromManifest(m envelope) bool {
	var result json.RawMessage
	w.mu.Lock()
	defer func() {
		w.mu.Unlock()
		if result != nil {
			b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": result})
			w.push(b)
		}
	}()
	switch {
	case m.Method == "initialize" && isObject(w.known.Initialize):
		result, w.known.Initialize, w.initialized = w.known.Initialize, nil, true
	case m.Method == "notifications/initialized" && w.initialized:
		w.initialized = false // the SDK sent it when it made the handshake
		return true
	case m.Method == "tools/list" && isObject(w.known.ToolsList) && !hasCursor(m.Params):
		result, w.known.ToolsList = w.known.ToolsList, nil
	default:
		return false
	}
	return true
}

func isObject(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) > 0 && raw[0] == '{'
}

func hasCursor(params json.RawMessage) bool {
	var p struct {
		Cursor *string `json:"cursor"`
	}
	return json.Unmarshal(params, &p) == nil && p.Cursor != nil
}

// Send sends a request without waiting for its answer (which Recv
// returns), and anything else once the host acknowledged it. A
// notifications/cancelled also withdraws the request it names.
func (w *sdkWire) Send(ctx context.Context, msg []byte) error {
	var m envelope
	if err := json.Unmarshal(msg, &m); err != nil {
		return fmt.Errorf("%w: %v", ErrProtocol, err)
	}
	if w.fromManifest(m) {
		return nil
	}
	if m.Method != "" && len(m.ID) > 0 && string(m.ID) != "null" {
		return w.request(m.ID, msg)
	}
	_, err := w.bridge.Send(ctx, w.server, msg)
	if m.Method == "notifications/cancelled" {
		var p struct {
			RequestID json.RawMessage `json:"requestId"`
		}
		if json.Unmarshal(m.Params, &p) == nil {
			w.withdraw(p.RequestID)
		}
	}
	return err
}

// request starts the goroutine that waits for one request's answer.
func (w *sdkWire) request(id json.RawMessage, msg []byte) error {
	key := idKey(id)
	ctx, cancel := context.WithCancel(w.ctx)
	w.mu.Lock()
	if w.err != nil {
		w.mu.Unlock()
		cancel()
		return w.err
	}
	w.inflight[key] = cancel
	w.wg.Add(1)
	w.mu.Unlock()
	go func() {
		defer w.wg.Done()
		defer w.withdraw(id)
		reply, err := w.bridge.Send(ctx, w.server, msg)
		if ctx.Err() != nil {
			return // withdrawn: nobody waits for the answer
		}
		w.push(answerFor(id, reply, err))
	}()
	return nil
}

// withdraw stops waiting for the answer to id (the bridge withdraws the
// host request).
func (w *sdkWire) withdraw(id json.RawMessage) {
	key := idKey(id)
	w.mu.Lock()
	cancel := w.inflight[key]
	delete(w.inflight, key)
	w.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// answerFor is the JSON-RPC answer to request id from the host's reply:
// the reply itself when it answers id, else an error answer saying what
// went wrong, so the call fails instead of waiting forever.
func answerFor(id, reply json.RawMessage, err error) []byte {
	fail := func(format string, args ...any) []byte {
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id,
			"error": RPCError{Code: -32603, Message: fmt.Sprintf(format, args...)}})
		return b
	}
	if err != nil {
		return fail("the SDK host could not deliver the request: %v", err)
	}
	var m envelope
	if json.Unmarshal(reply, &m) != nil || m.JSONRPC != "2.0" {
		return fail("the SDK host answered with something that is not JSON-RPC: %q", clip(reply))
	}
	if idKey(m.ID) != idKey(id) || m.Method != "" {
		return fail("the SDK host answered request %s with a message for id %s", id, m.ID)
	}
	return reply
}

// idKey is an id's canonical text (1 and 1.0 differ; "1" and 1 differ).
func idKey(id json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, id) != nil {
		return string(id)
	}
	return b.String()
}

// push queues a message for Recv; a full inbox ends the wire.
func (w *sdkWire) push(msg json.RawMessage) {
	w.mu.Lock()
	full := w.err == nil && len(w.inbox) >= maxInbox
	if w.err == nil && !full {
		w.inbox = append(w.inbox, bytes.Clone(msg))
	}
	w.mu.Unlock()
	if full {
		w.end(fmt.Errorf("%w: over %d messages from the SDK host unread", ErrProtocol, maxInbox))
	}
	w.signal()
}

// end ends the wire with err (the first reason stays) and withdraws
// the requests under way.
func (w *sdkWire) end(err error) {
	w.mu.Lock()
	if w.err == nil {
		w.err = err
	}
	w.mu.Unlock()
	w.cancel()
	w.signal()
}

func (w *sdkWire) signal() {
	select {
	case w.ready <- struct{}{}:
	default:
	}
}

// Recv returns the next message, or the reason the wire ended.
func (w *sdkWire) Recv() ([]byte, error) {
	for {
		w.mu.Lock()
		if len(w.inbox) > 0 {
			m := w.inbox[0]
			w.inbox = w.inbox[1:]
			w.mu.Unlock()
			return m, nil
		}
		err := w.err
		w.mu.Unlock()
		if err != nil {
			return nil, err
		}
		<-w.ready
	}
}

// Close detaches from the host, withdraws the requests under way and
// waits for their goroutines.
func (w *sdkWire) Close() error {
	w.once.Do(func() {
		w.detach()
		w.end(errWireClosed)
		w.wg.Wait()
	})
	return nil
}

// WithSDK adds the host's in-process servers (initialize's sdkMcpServers)
// as entries of type "sdk" and scope "sdk" (Claude Code's source for
// them); one replaces a configured server of the same name, as a
// --mcp-config entry would. A name that cannot be
// a server name is a problem, not a server.
func (l *Loaded) WithSDK(names []string) {
	for _, name := range names {
		if err := ValidName(name); err != nil {
			l.Problems = append(l.Problems, fmt.Errorf("SDK server %q: %w", name, err))
			continue
		}
		s := Server{Name: name, Scope: ScopeSDK, Source: "sdk", Config: ServerConfig{Type: TypeSDK, Name: name}}
		l.Servers = slices.DeleteFunc(l.Servers, func(o Server) bool { return o.Name == name })
		l.Held = slices.DeleteFunc(l.Held, func(o Server) bool { return o.Name == name })
		delete(l.Reasons, name)
		l.Servers = append(l.Servers, s)
	}
}

// explainSDK says what to do about a host's server that did not connect.
func (c *conn) explainSDK(ctx context.Context, err error) error {
	switch {
	case errors.Is(err, ErrNoSDKHost):
		return fmt.Errorf("%w: remove it from %s, or run corvid from the Agent SDK", err, c.srv.Source)
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return fmt.Errorf("%w within %s from the SDK host: check that the host passes the server to query() in mcpServers, or raise MCP_TIMEOUT",
			ErrStartTimeout, c.o.startTimeout(c.srv))
	}
	return fmt.Errorf("connecting through the SDK host: %w", err)
}
