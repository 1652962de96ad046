package host

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
)

// mcpMessage is the mcp_message request, in either direction: a
// JSON-RPC message for, or from, one of the host's in-process MCP
// servers (type "sdk").
type mcpMessage struct {
	Subtype    string          `json:"subtype"`
	ServerName string          `json:"server_name"`
	Message    json.RawMessage `json:"message"`
}

// mcpAck is what corvid answers to the host's mcp_message: the messages
// it forwards are never requests waiting for a JSON-RPC answer here (the
// answers to corvid's own requests come in the responses), so the reply
// is the acknowledgement the SDK itself uses for notifications.
var mcpAck = map[string]json.RawMessage{"mcp_response": json.RawMessage(`{"jsonrpc":"2.0","result":{},"id":0}`)}

// bridge is the host side of the sdk MCP transport (mcp.SDKBridge): it
// sends corvid's messages as mcp_message requests and routes the host's
// mcp_message requests to the connection attached to their server.
type bridge struct {
	box *outbox

	mu        sync.Mutex
	recv      map[string]*receiver
	manifests map[string]json.RawMessage // initialize's, each used once
}

// receiver is one attached connection.
type receiver struct{ f func(json.RawMessage) }

func newBridge(box *outbox) *bridge {
	return &bridge{box: box, recv: map[string]*receiver{}}
}

// Send sends one message to the host's server and returns the JSON-RPC
// message of the host's answer (mcp_response).
func (b *bridge) Send(ctx context.Context, server string, msg json.RawMessage) (json.RawMessage, error) {
	body, err := b.box.request(ctx, mcpMessage{Subtype: "mcp_message", ServerName: server, Message: msg})
	if err != nil {
		return nil, err
	}
	var r struct {
		MCPResponse json.RawMessage `json:"mcp_response"`
	}
	if err := json.Unmarshal(body, &r); err != nil || len(r.MCPResponse) == 0 || string(r.MCPResponse) == "null" {
		return nil, fmt.Errorf("%w: %.200s", ErrNoMCPResponse, body)
	}
	return r.MCPResponse, nil
}

// Attach routes the host's messages for server to recv until detached; a
// later Attach for the same server (a reconnection) replaces it.
func (b *bridge) Attach(server string, recv func(json.RawMessage)) func() {
	r := &receiver{f: recv}
	b.mu.Lock()
	b.recv[server] = r
	b.mu.Unlock()
	return func() {
		b.mu.Lock()
		if b.recv[server] == r {
			delete(b.recv, server)
		}
		b.mu.Unlock()
	}
}

// setManifests keeps initialize's server manifests.
func (b *bridge) setManifests(m map[string]json.RawMessage) {
	b.mu.Lock()
	b.manifests = m
	b.mu.Unlock()
}

// Manifest returns a server's manifest once (mcp.SDKManifests).
func (b *bridge) Manifest(server string) json.RawMessage {
	b.mu.Lock()
	defer b.mu.Unlock()
	m := b.manifests[server]
	delete(b.manifests, server)
	return m
}

// deliver hands the host's message to its server's connection.
func (b *bridge) deliver(raw json.RawMessage) (any, error) {
	var m mcpMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("malformed mcp_message: %v", err)
	}
	if len(m.Message) == 0 || m.Message[0] != '{' {
		return nil, fmt.Errorf("mcp_message for %q carries no JSON-RPC message", m.ServerName)
	}
	b.mu.Lock()
	r := b.recv[m.ServerName]
	b.mu.Unlock()
	if r == nil {
		return nil, fmt.Errorf("%w: %q", ErrNoMCPServer, m.ServerName)
	}
	r.f(m.Message)
	return mcpAck, nil
}
