package host

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"corvid/internal/mcp"
)

// mcpRequest waits for corvid's next mcp_message request and returns its
// request id and JSON-RPC message.
func (s *session) mcpRequest(server string) (string, map[string]any) {
	s.t.Helper()
	m := s.expect("control_request", "")
	req, _ := m["request"].(map[string]any)
	if req["subtype"] != "mcp_message" || req["server_name"] != server {
		s.t.Fatalf("request = %v, want an mcp_message for %s", m, server)
	}
	msg, _ := req["message"].(map[string]any)
	return m["request_id"].(string), msg
}

func success(id, body string) string {
	return `{"type":"control_response","response":{"subtype":"success","request_id":"` + id + `","response":` + body + `}}`
}

// Opening the conversation may talk to the host's MCP servers (their
// handshake): the input is read meanwhile, so the answer arrives and
// initialize is answered after it. Before, opening blocked the input
// loop and the handshake waited for its timeout.
func TestMCPBridgeDuringOpen(t *testing.T) {
	s := start(t, false, Options{})
	got := make(chan json.RawMessage, 1)
	s.open = func(ctx context.Context, su Setup) (Conversation, error) {
		reply, err := su.MCP.Send(ctx, "calc", json.RawMessage(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`))
		if err != nil {
			return nil, err
		}
		got <- reply
		s.conv = newFakeConv(su.Sink, false)
		return s.conv, nil
	}
	s.send(request("i1", `{"subtype":"initialize","sdkMcpServers":["calc"]}`))
	id, msg := s.mcpRequest("calc")
	if msg["method"] != "initialize" || msg["id"] != float64(1) {
		t.Fatalf("message = %v", msg)
	}
	// Requests after initialize are answered after it, in order.
	s.send(request("p1", `{"subtype":"set_permission_mode","mode":"plan"}`))
	s.send(request("m1", `{"subtype":"mcp_status"}`))
	s.send(success(id, `{"mcp_response":{"jsonrpc":"2.0","id":1,"result":{"serverInfo":{"name":"calc"}}}}`))
	for _, want := range []string{"i1", "p1", "m1"} {
		if m := s.expect("control_response", "success"); !contains(m, `"request_id":"`+want+`"`) {
			t.Fatalf("answer = %v, want the one to %s", m, want)
		}
	}
	if mode := s.conv.Info().PermissionMode; mode != "plan" {
		t.Errorf("mode = %q: set_permission_mode did not reach the opened conversation", mode)
	}
	if r := string(<-got); !strings.Contains(r, `"serverInfo":{"name":"calc"}`) {
		t.Errorf("the server's reply reached the connection as %s", r)
	}
	s.finish()
}

// The host's own mcp_message (a server's notification) reaches the
// connection attached to its server and is acknowledged as the SDK
// acknowledges notifications; one for a server corvid is not connected
// to, or without a message, is answered with an error.
func TestMCPBridgeFromHost(t *testing.T) {
	s := start(t, false, Options{})
	s.send(request("i1", `{"subtype":"initialize","sdkMcpServers":["calc"]}`))
	s.expect("control_response", "success")
	recv := make(chan json.RawMessage, 4)
	detach := s.setup.MCP.Attach("calc", func(m json.RawMessage) { recv <- m })
	s.send(request("h1", `{"subtype":"mcp_message","server_name":"calc","message":{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}}`))
	if m := s.expect("control_response", "success"); !contains(m, `"mcp_response":{"id":0,"jsonrpc":"2.0","result":{}}`) {
		t.Errorf("ack = %v", m)
	}
	if m := string(<-recv); !strings.Contains(m, "list_changed") {
		t.Errorf("delivered %s", m)
	}
	s.send(request("h2", `{"subtype":"mcp_message","server_name":"other","message":{"jsonrpc":"2.0","method":"x"}}`))
	if m := s.expect("control_response", "error"); !contains(m, "no connected SDK MCP server") || !contains(m, "h2") {
		t.Errorf("unknown server = %v", m)
	}
	detach()
	s.send(request("h3", `{"subtype":"mcp_message","server_name":"calc","message":{"jsonrpc":"2.0","method":"x"}}`))
	s.expect("control_response", "error")
	s.send(request("h4", `{"subtype":"mcp_message","server_name":"calc"}`))
	if m := s.expect("control_response", "error"); !contains(m, "no JSON-RPC message") {
		t.Errorf("empty message = %v", m)
	}
	s.finish()
}

// Bad answers to corvid's mcp_message: no mcp_response, or an error.
func TestMCPBridgeBadAnswers(t *testing.T) {
	s := start(t, false, Options{})
	s.send(request("i1", `{"subtype":"initialize","sdkMcpServers":["calc"]}`))
	s.expect("control_response", "success")
	send := func() chan error {
		errc := make(chan error, 1)
		go func() {
			_, err := s.setup.MCP.Send(t.Context(), "calc", json.RawMessage(`{"jsonrpc":"2.0","id":7,"method":"tools/list"}`))
			errc <- err
		}()
		return errc
	}
	errc := send()
	id, _ := s.mcpRequest("calc")
	s.send(success(id, `{}`))
	if err := <-errc; !errors.Is(err, ErrNoMCPResponse) {
		t.Errorf("answer without mcp_response: %v", err)
	}
	errc = send()
	id, _ = s.mcpRequest("calc")
	s.send(`{"type":"control_response","response":{"subtype":"error","request_id":"` + id + `","error":"SDK MCP server not found: calc"}}`)
	if err := <-errc; err == nil || !strings.Contains(err.Error(), "SDK MCP server not found") {
		t.Errorf("error answer: %v", err)
	}
	s.finish()
}

// A host that stopped reading cannot answer: a message for its servers
// fails at once instead of waiting for an answer that cannot come.
func TestMCPBridgeHostGone(t *testing.T) {
	s := start(t, false, Options{})
	s.send(request("i1", `{"subtype":"initialize","sdkMcpServers":["calc"]}`))
	s.expect("control_response", "success")
	s.out.Close()
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	if _, err := s.setup.MCP.Send(ctx, "calc", json.RawMessage(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`)); !errors.Is(err, ErrHostGone) {
		t.Errorf("Send to a gone host = %v, want ErrHostGone", err)
	}
	s.in.Close()
	<-s.done
}

// statusConv is a conversation that reports its MCP servers.
type statusConv struct{ *fakeConv }

func (statusConv) MCPStatus() []mcp.Status {
	return []mcp.Status{{Name: "calc", Scope: mcp.ScopeSDK, State: mcp.StateConnected, ServerName: "calc", Version: "1.2.3",
		Tools: []string{"add"}}, {Name: "down", Scope: mcp.ScopeUser, State: mcp.StateFailed, Error: "it broke"}}
}

// mcp_status reports the servers as Claude Code 2.1.332 does: serverInfo,
// scope and source, tools; the host's own with scope dynamic, source sdk.
func TestMCPStatusEntries(t *testing.T) {
	s := start(t, false, Options{})
	s.open = func(_ context.Context, su Setup) (Conversation, error) {
		s.conv = newFakeConv(su.Sink, false)
		return statusConv{s.conv}, nil
	}
	s.send(request("i1", `{"subtype":"initialize","sdkMcpServers":["calc"]}`))
	s.expect("control_response", "success")
	s.send(request("m1", `{"subtype":"mcp_status"}`))
	m := s.expect("control_response", "success")
	want := `{"mcpServers":[{"name":"calc","status":"connected","serverInfo":{"name":"calc","version":"1.2.3"},"scope":"dynamic","source":"sdk","tools":[{"name":"add","annotations":{}}]},` +
		`{"name":"down","status":"failed","error":"it broke","scope":"user","source":"user"}]}`
	var w any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatal(err)
	}
	if got := m["response"].(map[string]any)["response"]; !reflect.DeepEqual(got, w) {
		t.Errorf("mcp_status = %v\nwant %v", got, w)
	}
	s.finish()
}

// initialize's sdkMcpServerManifests are offered to the transport once
// per server.
func TestMCPBridgeManifests(t *testing.T) {
	s := start(t, false, Options{})
	s.send(request("i1", `{"subtype":"initialize","sdkMcpServers":["calc"],"sdkMcpServerManifests":{"calc":{"initializeResult":{"serverInfo":{"name":"calc"}}}}}`))
	s.expect("control_response", "success")
	man, ok := s.setup.MCP.(mcp.SDKManifests)
	if !ok {
		t.Fatal("the bridge offers no manifests")
	}
	if m := string(man.Manifest("calc")); !strings.Contains(m, `"serverInfo":{"name":"calc"}`) {
		t.Errorf("manifest = %s", m)
	}
	if m := man.Manifest("calc"); m != nil {
		t.Errorf("a second Manifest = %s, want none", m)
	}
	s.finish()
}
