package mcptool

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync/atomic"

	mcpc "corvid/internal/mcp"
	"corvid/internal/permission"
)

// Lister is a Caller that also lists the connected servers' tools;
// *mcp.Manager is one.
type Lister interface {
	Caller
	Tools() []mcpc.ServerTool
}

// PromptTool answers permission questions by calling an MCP tool
// (--permission-prompt-tool mcp__server__tool), as Claude Code does: the
// tool gets {tool_name, input, tool_use_id} and answers with a text
// block holding a PermissionResult, {"behavior":"allow","updatedInput":…}
// or {"behavior":"deny","message":…}. A tool that is missing, fails or
// answers anything else refuses the call (the error says why).
type PromptTool struct {
	name    string
	servers atomic.Pointer[Lister]
}

// NewPromptTool checks the flag's tool name; Bind gives it its servers
// once they are started.
func NewPromptTool(name string) (*PromptTool, error) {
	server, tool, ok := strings.Cut(strings.TrimPrefix(name, "mcp__"), "__")
	if !strings.HasPrefix(name, "mcp__") || !ok || server == "" || tool == "" {
		return nil, fmt.Errorf("%w: %q (want mcp__<server>__<tool>, or stdio)", ErrPromptToolName, name)
	}
	return &PromptTool{name: name}, nil
}

// Name is the tool's mcp__ name.
func (p *PromptTool) Name() string { return p.name }

// Bind sets the servers the tool is looked up in.
func (p *PromptTool) Bind(l Lister) {
	if p != nil && l != nil {
		p.servers.Store(&l)
	}
}

// promptArgs are the prompt tool's arguments.
type promptArgs struct {
	ToolName  string          `json:"tool_name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
}

// Ask calls the prompt tool and reads its answer.
func (p *PromptTool) Ask(ctx context.Context, q permission.Question) (permission.Answer, error) {
	st, l, err := p.find()
	if err != nil {
		return permission.Answer{}, err
	}
	in := q.Input
	if len(in) == 0 {
		in = json.RawMessage(`{}`)
	}
	args, err := json.Marshal(promptArgs{ToolName: q.ToolName, Input: in, ToolUseID: q.ToolUseID})
	if err != nil {
		return permission.Answer{}, err
	}
	res, err := l.Call(ctx, st.Server, st.Tool.Name, args, nil)
	if err != nil {
		return permission.Answer{}, fmt.Errorf("%w: %s: %w", ErrPromptTool, p.name, err)
	}
	var text strings.Builder
	for _, c := range res.Content {
		if c.Type == "text" {
			text.WriteString(c.Text)
		}
	}
	if res.IsError {
		return permission.Answer{}, fmt.Errorf("%w: %s reported an error: %s", ErrPromptTool, p.name, clip(text.String()))
	}
	ans, err := permission.DecodeResult([]byte(text.String()))
	if err != nil {
		return permission.Answer{}, fmt.Errorf("%w: %s answered %q: %w", ErrPromptTool, p.name, clip(text.String()), err)
	}
	return ans, nil
}

// find looks the tool up among the connected servers' tools.
func (p *PromptTool) find() (mcpc.ServerTool, Lister, error) {
	lp := p.servers.Load()
	if lp == nil {
		return mcpc.ServerTool{}, nil, fmt.Errorf("%w: %s: no MCP server is configured", ErrPromptTool, p.name)
	}
	l := *lp
	for _, st := range l.Tools() {
		if Name(st.Server, st.Tool.Name) == p.name {
			return st, l, nil
		}
	}
	return mcpc.ServerTool{}, nil, fmt.Errorf("%w: %s is not a tool of a connected MCP server", ErrPromptTool, p.name)
}

func clip(s string) string {
	if len(s) > 200 {
		return strings.ToValidUTF8(s[:200], "") + "…"
	}
	return s
}
