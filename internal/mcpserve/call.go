package mcpserve

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"

	"corvid/internal/jsonrpc"
	"corvid/internal/tool"
)

type callParams struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
	Meta      struct {
		ProgressToken json.RawMessage `json:"progressToken"`
	} `json:"_meta"`
}

// startCall runs a tools/call on its own goroutine, cancellable by the
// client's notifications/cancelled for its id. A cancelled call is not
// answered, as the protocol asks.
func (s *server) startCall(ctx context.Context, m *jsonrpc.Message) {
	var p callParams
	if json.Unmarshal(m.Params, &p) != nil || p.Name == "" {
		s.reply(m.ID, nil, invalidParams("tools/call"))
		return
	}
	t, ok := s.tools[p.Name]
	if !ok {
		s.reply(m.ID, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "Unknown tool: " + p.Name})
		return
	}
	key := idKey(m.ID)
	ctx, cancel := context.WithCancel(ctx)
	s.runMu.Lock()
	if _, dup := s.running[key]; dup {
		s.runMu.Unlock()
		cancel()
		s.reply(m.ID, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: "Invalid Request: id " + key + " is already in use"})
		return
	}
	s.running[key] = cancel
	s.runMu.Unlock()
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		res := s.run(ctx, t, p)
		s.runMu.Lock()
		delete(s.running, key)
		s.runMu.Unlock()
		cancelled := ctx.Err() != nil
		cancel()
		if !cancelled {
			s.reply(m.ID, res, nil)
		}
	}()
}

// cancel stops the call with the request id, if it is still running.
func (s *server) cancel(id json.RawMessage) {
	s.runMu.Lock()
	defer s.runMu.Unlock()
	if c, ok := s.running[idKey(id)]; ok {
		c()
	}
}

// idKey is a request id in one spelling, so that a cancellation naming
// it as 1.0 or "\u0061" finds the call sent as 1 or "a". An id that is
// not JSON is its own key.
func idKey(id json.RawMessage) string {
	var v any
	if json.Unmarshal(id, &v) != nil {
		return string(id)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// run runs one call of t through the pipeline.
func (s *server) run(ctx context.Context, t tool.Tool, p callParams) callResult {
	input := p.Arguments
	if len(input) == 0 || string(input) == "null" {
		input = json.RawMessage(`{}`)
	}
	exclusive := !safeConcurrent(t, input)
	if exclusive {
		s.exclusive.Lock()
		defer s.exclusive.Unlock()
	} else {
		s.exclusive.RLock()
		defer s.exclusive.RUnlock()
	}
	call := tool.Call{ID: fmt.Sprintf("mcp_%d", s.calls.Add(1)), Input: input, Env: s.currentEnv(),
		Progress: s.progress(p.Meta.ProgressToken)}
	out := s.cfg.Pipeline.Run(ctx, t, call, nil)
	res := out.Result
	if res == nil {
		res = tool.ErrorText(t.Name() + " returned no result")
	}
	if exclusive && res.Modifier != nil {
		s.setEnv(res.Modifier(call.Env))
	}
	return result(res)
}

// safeConcurrent is t.IsConcurrencySafe, false when it panics.
func safeConcurrent(t tool.Tool, input json.RawMessage) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return t.IsConcurrencySafe(input)
}

func (s *server) currentEnv() tool.Env {
	s.envMu.Lock()
	defer s.envMu.Unlock()
	return s.env
}

func (s *server) setEnv(env tool.Env) {
	s.envMu.Lock()
	defer s.envMu.Unlock()
	s.env = env
}

// progress forwards a tool's progress lines as MCP progress
// notifications when the client asked for them (a progress token).
func (s *server) progress(token json.RawMessage) func(tool.Progress) {
	if len(token) == 0 || string(token) == "null" {
		return func(tool.Progress) {}
	}
	var n atomic.Int64
	return func(p tool.Progress) {
		b, err := jsonrpc.Request(nil, "notifications/progress", map[string]any{"progressToken": token,
			"progress": n.Add(1), "message": p.Message})
		if err == nil {
			s.send(b)
		}
	}
}
