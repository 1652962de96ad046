package mcptool

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	mcpc "corvid/internal/mcp"
	"corvid/internal/spill"
	"corvid/internal/tool"
)

// Caller calls server tools; *mcp.Manager is one.
type Caller interface {
	Call(ctx context.Context, server, tool string, args json.RawMessage,
		progress func(mcpc.Progress)) (*mcpc.CallToolResult, error)
}

// DefaultMaxTokens is MAX_MCP_OUTPUT_TOKENS's default.
const DefaultMaxTokens = 25000

// maxDescription bounds a server-supplied tool description.
const maxDescription = 2048

// Options configure the adapters.
type Options struct {
	// MaxTokens caps a result's text (about 4 characters a token);
	// 0 = DefaultMaxTokens.
	MaxTokens int
	// Spill bounds the files over-long results are saved to.
	Spill *spill.Budget
	// Timeout bounds one call (MCP_TOOL_TIMEOUT); 0 = none.
	Timeout time.Duration
}

func (o Options) maxChars() int {
	if o.MaxTokens <= 0 {
		return DefaultMaxTokens * 4
	}
	return o.MaxTokens * 4
}

// Tool is one server tool.
type Tool struct {
	tool.Base
	caller Caller
	server string
	def    mcpc.Tool
	schema json.RawMessage
	opts   Options
}

var _ tool.Tool = (*Tool)(nil)

// New adapts one tool of a server.
func New(c Caller, st mcpc.ServerTool, o Options) *Tool {
	return &Tool{caller: c, server: st.Server, def: st.Tool, schema: st.Tool.InputSchema, opts: o}
}

// Tools adapts every tool of the connected servers. Of two tools whose
// names clean to the same mcp__ name, the first is kept.
func Tools(m *mcpc.Manager, o Options) []tool.Tool { return adapt(m, o) }

// Name is mcp__<server>__<tool>, characters outside [A-Za-z0-9_-] as '_'.
func Name(server, tool string) string {
	return "mcp__" + clean(server) + "__" + clean(tool)
}

func clean(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, s)
}

func (t *Tool) Name() string                 { return Name(t.server, t.def.Name) }
func (t *Tool) InputSchema() json.RawMessage { return t.schema }

// Server is the tool's server name.
func (t *Tool) Server() string { return t.server }

func (t *Tool) Description() string {
	d := t.def.Description
	if len(d) > maxDescription {
		d = d[:maxDescription] + "… [truncated]"
	}
	return d
}

// IsReadOnly trusts the server's readOnlyHint, as Claude Code does.
func (t *Tool) IsReadOnly(json.RawMessage) bool {
	return t.def.Annotations != nil && t.def.Annotations.ReadOnlyHint
}

func (t *Tool) IsConcurrencySafe(in json.RawMessage) bool { return t.IsReadOnly(in) }

func (t *Tool) IsDestructive(json.RawMessage) bool {
	a := t.def.Annotations
	return a != nil && !a.ReadOnlyHint && (a.DestructiveHint == nil || *a.DestructiveHint)
}

// InterruptBehavior is Cancel: an interrupt cancels the call, which
// sends notifications/cancelled to the server.
func (t *Tool) InterruptBehavior() tool.InterruptBehavior { return tool.Cancel }

func (t *Tool) Call(ctx context.Context, c tool.Call) (*tool.Result, error) {
	callCtx, cancel := ctx, context.CancelFunc(func() {})
	if t.opts.Timeout > 0 {
		callCtx, cancel = context.WithTimeout(ctx, t.opts.Timeout)
	}
	defer cancel()
	res, err := t.caller.Call(callCtx, t.server, t.def.Name, c.Input, progressOf(c))
	switch {
	case err == nil:
	case ctx.Err() != nil:
		return tool.ErrorText(fmt.Sprintf("MCP tool %s was interrupted; the server was told to cancel the call", t.Name())), nil
	case callCtx.Err() != nil:
		return tool.ErrorText(fmt.Sprintf("MCP server %q: tool %q did not answer within %s (MCP_TOOL_TIMEOUT); the call was cancelled",
			t.server, t.def.Name, t.opts.Timeout)), nil
	default:
		return tool.ErrorText(fmt.Sprintf("Error: %v", err)), nil
	}
	return convert(res, c, t.opts, t.Name())
}

func progressOf(c tool.Call) func(mcpc.Progress) {
	return func(p mcpc.Progress) {
		msg := p.Message
		if msg == "" {
			msg = fmt.Sprintf("%g", p.Progress)
			if p.Total > 0 {
				msg += fmt.Sprintf("/%g", p.Total)
			}
		}
		c.Progress(tool.Progress{Message: msg, Data: map[string]any{
			"progress": p.Progress, "total": p.Total, "message": p.Message}})
	}
}
