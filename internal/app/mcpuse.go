package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"corvid/internal/event"
	"corvid/internal/mcp"
	"corvid/internal/mcpattach"
	"corvid/internal/provider"
	"corvid/internal/tool"
	"corvid/internal/tools/mcptool"
)

// mcpCommands are the connected servers' prompts as slash commands
// (/mcp__<server>__<prompt>), for system/init, the SDK's initialize
// answer and the TUI's completion. They are read live, so a
// prompts/list_changed shows at the next turn.
func mcpCommands(m *mcp.Manager) []event.Command {
	var out []event.Command
	for _, p := range m.Prompts() {
		desc := firstNonEmpty(p.Prompt.Description, p.Prompt.Title)
		out = append(out, event.Command{Name: mcpattach.CommandName(p.Server, p.Prompt.Name),
			Description: strings.TrimSpace(desc + " (MCP)"), ArgumentHint: mcpattach.ArgumentHint(p.Prompt)})
	}
	return out
}

// withMCPCommands adds the MCP prompts' names to the slash commands.
func withMCPCommands(names []string, m *mcp.Manager) []string {
	cmds := mcpCommands(m)
	if len(cmds) == 0 {
		return names
	}
	out := append(make([]string, 0, len(names)+len(cmds)), names...)
	for _, c := range cmds {
		out = append(out, c.Name)
	}
	return out
}

// mcpPromptTurn runs /mcp__<server>__<prompt> args: prompts/get with the
// declared arguments filled from args, whose messages become the turn.
// ok is false when name is no connected server's prompt. Arguments that
// do not fit, or a failing prompts/get, decline the prompt: nothing goes
// to the model.
func (c *Conversation) mcpPromptTurn(ctx context.Context, name, args string) (t turn, declined *event.Result, ok bool) {
	p, found := c.findPrompt(ctx, name)
	if !found {
		return t, nil, false
	}
	vals, err := mcpattach.Args(name, p.Prompt, args)
	var res *mcp.GetPromptResult
	if err == nil {
		gctx, cancel := context.WithTimeout(ctx, c.mcpTimeout())
		res, err = c.s.mcp.GetPrompt(gctx, p.Server, p.Prompt.Name, vals)
		if errors.Is(gctx.Err(), context.DeadlineExceeded) && ctx.Err() == nil {
			err = fmt.Errorf("MCP server %q did not answer prompts/get within %s", p.Server, c.mcpTimeout())
		}
		cancel()
	}
	if err != nil {
		msg := err.Error()
		if !errors.Is(err, mcpattach.ErrMissingArgument) && !errors.Is(err, mcpattach.ErrNoArguments) {
			msg = "Error: /" + name + ": " + msg
		}
		r := c.eng.Decline(ctx, "command_failed", msg)
		return t, &r, true
	}
	t.blocks = mcpattach.PromptTurn(name, args, p.Server, res, c.mcpMaxBytes())
	return t, nil, true
}

// promptRelist bounds listing a server's prompts again for a name not
// among the listed ones.
const promptRelist = 10 * time.Second

// findPrompt finds the prompt /name runs. A name of a connected server's
// form (mcp__<server>__…) not among its listed prompts has the server's
// prompts listed again first: it may have added the prompt without
// notifying, or its notice may still be on the way.
func (c *Conversation) findPrompt(ctx context.Context, name string) (mcp.ServerPrompt, bool) {
	find := func() (mcp.ServerPrompt, bool) {
		for _, p := range c.s.mcp.Prompts() {
			if mcpattach.CommandName(p.Server, p.Prompt.Name) == name {
				return p, true
			}
		}
		return mcp.ServerPrompt{}, false
	}
	if p, ok := find(); ok || c.s.mcp == nil {
		return p, ok
	}
	for _, s := range c.s.mcp.Status() {
		if s.State == mcp.StateConnected && strings.HasPrefix(name, mcpattach.CommandName(s.Name, "")) {
			rctx, cancel := context.WithTimeout(ctx, promptRelist)
			err := c.s.mcp.RefreshPrompts(rctx, s.Name)
			cancel()
			if err == nil {
				if p, ok := find(); ok {
					return p, true
				}
			}
		}
	}
	return mcp.ServerPrompt{}, false
}

// mcpResources reads the resources the prompt's text mentions
// (@server:uri) and returns the blocks to put before the prompt. Without
// MCP servers configured nothing is looked for.
func (c *Conversation) mcpResources(ctx context.Context, prompt []provider.Block) []provider.Block {
	m := c.s.mcp
	if m == nil {
		return nil
	}
	var text strings.Builder
	for _, b := range prompt {
		if b.Type == provider.BlockText {
			text.WriteString(b.Text)
			text.WriteByte('\n')
		}
	}
	if !strings.Contains(text.String(), "@") {
		return nil
	}
	status := map[string]mcp.Status{}
	for _, s := range m.Status() {
		status[s.Name] = s
	}
	return mcpattach.Attach(ctx, m, text.String(), mcpattach.Options{
		Known:    func(server string) bool { _, ok := status[server]; return ok },
		Allowed:  func(server, uri string) error { return c.mayReadResource(status[server], uri) },
		Timeout:  c.mcpTimeout(),
		MaxBytes: c.mcpMaxBytes(),
	})
}

// mayReadResource says why a mentioned resource must not be read: its
// server is disabled, or a rule denies ReadMcpResourceTool for it. A
// mention is the prompt's own request for the resource, so a rule that
// would ask does not stop it (as Claude Code treats mentions typed at
// its prompt); only a deny does.
func (c *Conversation) mayReadResource(s mcp.Status, uri string) error {
	if s.State == mcp.StateDisabled {
		return errors.New("MCP server " + quote(s.Name) + " is disabled: " + firstNonEmpty(s.Error, "see corvid mcp list"))
	}
	in, _ := json.Marshal(map[string]string{"server": s.Name, "uri": uri})
	if c.s.gate.Explain(mcptool.ReadResourceName, in).Behavior == tool.PermissionDeny {
		return errors.New("this session's permissions do not allow it")
	}
	return nil
}

// mcpTimeout bounds a read or prompts/get made for a prompt:
// MCP_TOOL_TIMEOUT when set.
func (c *Conversation) mcpTimeout() time.Duration {
	if d := millis(environment(c.opts.Getenv).int("MCP_TOOL_TIMEOUT")); d > 0 {
		return d
	}
	return mcpattach.DefaultTimeout
}

// mcpMaxBytes caps the text attached from one resource or prompt:
// MAX_MCP_OUTPUT_TOKENS (about four bytes a token) when set.
func (c *Conversation) mcpMaxBytes() int {
	return environment(c.opts.Getenv).int("MAX_MCP_OUTPUT_TOKENS") * 4
}

func quote(s string) string { b, _ := json.Marshal(s); return string(b) }
