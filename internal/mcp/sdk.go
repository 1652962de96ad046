package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
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
