package mcpserve

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"corvid/internal/tool"
)

// handler runs one call of t through the pipeline.
func (s *server) handler(t tool.Tool) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		input := req.Params.Arguments
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
			Progress: progress(ctx, req)}
		out := s.cfg.Pipeline.Run(ctx, t, call, nil)
		res := out.Result
		if res == nil {
			res = tool.ErrorText(t.Name() + " returned no result")
		}
		if exclusive && res.Modifier != nil {
			s.setEnv(res.Modifier(call.Env))
		}
		return result(res), nil
	}
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
func progress(ctx context.Context, req *mcp.CallToolRequest) func(tool.Progress) {
	token := req.Params.GetProgressToken()
	if token == nil || req.Session == nil {
		return func(tool.Progress) {}
	}
	n := 0.0
	return func(p tool.Progress) {
		n++
		_ = req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: token,
			Message: p.Message, Progress: n})
	}
}
