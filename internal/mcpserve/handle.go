package mcpserve

import (
	"bytes"
	"context"
	"encoding/json"

	"corvid/internal/jsonrpc"
)

// handle answers one message from the client. Requests other than
// tools/call are answered at once; a call runs on its own goroutine so
// that ping and notifications/cancelled are read while it runs.
func (s *server) handle(ctx context.Context, b []byte) {
	if t := bytes.TrimSpace(b); len(t) > 0 && t[0] == '[' {
		s.reply(nil, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: "Invalid Request: batches are not supported"})
		return
	}
	m, err := jsonrpc.Decode(b)
	if err != nil {
		var id json.RawMessage
		if m != nil {
			id = m.ID
		}
		s.reply(id, nil, err.(*jsonrpc.Error))
		return
	}
	switch {
	case m.IsNotification():
		s.notification(m)
	case m.IsRequest():
		s.request(ctx, m)
	case len(m.ID) == 0:
		s.reply(nil, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: "Invalid Request: no method"})
	}
	// A response to a request: the server sends none, so there is
	// nothing to match it with.
}

func (s *server) notification(m *jsonrpc.Message) {
	if m.Method != "notifications/cancelled" {
		return // notifications/initialized and the rest need nothing
	}
	var p struct {
		RequestID json.RawMessage `json:"requestId"`
	}
	if json.Unmarshal(m.Params, &p) == nil && len(p.RequestID) > 0 {
		s.cancel(p.RequestID)
	}
}

func (s *server) request(ctx context.Context, m *jsonrpc.Message) {
	switch m.Method {
	case "initialize":
		var p initializeParams
		if len(m.Params) > 0 && json.Unmarshal(m.Params, &p) != nil {
			s.reply(m.ID, nil, invalidParams("initialize"))
			return
		}
		s.reply(m.ID, initializeResult{ProtocolVersion: negotiate(p.ProtocolVersion),
			Capabilities: map[string]any{"tools": map[string]any{}},
			ServerInfo:   implementation{Name: "corvid", Title: "corvid", Version: s.cfg.Version}}, nil)
	case "ping":
		s.reply(m.ID, struct{}{}, nil)
	case "tools/list":
		s.reply(m.ID, struct {
			Tools []toolDef `json:"tools"`
		}{append([]toolDef{}, s.defs...)}, nil)
	case "tools/call":
		s.startCall(ctx, m)
	default:
		s.reply(m.ID, nil, &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: "Method not found: " + m.Method})
	}
}

func invalidParams(method string) *jsonrpc.Error {
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "Invalid params for " + method}
}

// reply answers the request with id.
func (s *server) reply(id json.RawMessage, result any, e *jsonrpc.Error) {
	b, err := jsonrpc.Response(id, result, e)
	if err != nil {
		b, _ = jsonrpc.Response(id, nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: err.Error()})
	}
	s.send(b)
}
