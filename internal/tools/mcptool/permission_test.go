package mcptool_test

import (
	"context"
	"encoding/json"
	"testing"

	mcpc "corvid/internal/mcp"
	"corvid/internal/permission"
	"corvid/internal/tool"
	"corvid/internal/tools/bash"
	"corvid/internal/tools/mcptool"
	"corvid/internal/tools/read"
)

func adapter(server, name string, readOnly bool) *mcptool.Tool {
	def := mcpc.Tool{Name: name, InputSchema: json.RawMessage(`{"type":"object"}`)}
	if readOnly {
		def.Annotations = &mcpc.ToolAnnotations{ReadOnlyHint: true}
	}
	return mcptool.New(nil, mcpc.ServerTool{Server: server, Tool: def}, mcptool.Options{})
}

// TestPermissionRules checks Claude Code's MCP rule forms against the
// real permission engine: mcp__server, mcp__server__*, mcp__server__tool,
// mcp__* (deny), and that nothing is allowed without a rule (a server's
// readOnlyHint does not approve its tool).
func TestPermissionRules(t *testing.T) {
	issue := adapter("github", "create_issue", false)
	other := adapter("gitlab", "create_issue", false)
	reader := adapter("github", "list_issues", true)
	tests := []struct {
		name        string
		allow, deny []string
		tool        *mcptool.Tool
		want        tool.PermissionBehavior
	}{
		{"no rule asks, refused without an asker", nil, nil, issue, tool.PermissionDeny},
		{"no rule, read-only hint", nil, nil, reader, tool.PermissionDeny},
		{"server rule", []string{"mcp__github"}, nil, issue, tool.PermissionAllow},
		{"server rule is not a prefix of another server", []string{"mcp__git"}, nil, issue, tool.PermissionDeny},
		{"server rule other server", []string{"mcp__github"}, nil, other, tool.PermissionDeny},
		{"server glob", []string{"mcp__github__*"}, nil, issue, tool.PermissionAllow},
		{"exact tool", []string{"mcp__github__create_issue"}, nil, issue, tool.PermissionAllow},
		{"exact other tool", []string{"mcp__github__list_issues"}, nil, issue, tool.PermissionDeny},
		{"deny server beats allow tool", []string{"mcp__github__create_issue"}, []string{"mcp__github"}, issue, tool.PermissionDeny},
		{"deny all mcp", []string{"mcp__github"}, []string{"mcp__*"}, issue, tool.PermissionDeny},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// the built-in tools a run describes; MCP tools describe nothing
			cfg := permission.Config{Tools: []tool.Tool{read.New(nil), bash.New(nil, bash.Options{})},
				WorkDirs: []string{t.TempDir()}, Home: t.TempDir()}
			for _, r := range tt.allow {
				cfg.Allow = append(cfg.Allow, permission.RuleSource{Text: r, Source: "cli"})
			}
			for _, r := range tt.deny {
				cfg.Deny = append(cfg.Deny, permission.RuleSource{Text: r, Source: "cli"})
			}
			gate, errs := permission.New(cfg)
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			in := json.RawMessage(`{}`)
			d := gate.Check(context.Background(), permission.Request{Tool: tt.tool, Input: in,
				ToolCheck: tt.tool.CheckPermissions(context.Background(), in)})
			if d.Behavior != tt.want {
				t.Errorf("%s with allow %q deny %q: %s (%s), want %s", tt.tool.Name(), tt.allow, tt.deny, d.Behavior, d.Reason, tt.want)
			}
		})
	}
}

func TestName(t *testing.T) {
	for _, tt := range []struct{ server, tool, want string }{
		{"github", "create_issue", "mcp__github__create_issue"},
		{"my-srv", "get-sum", "mcp__my-srv__get-sum"},
		{"a.b", "x/y z", "mcp__a_b__x_y_z"},
	} {
		if got := mcptool.Name(tt.server, tt.tool); got != tt.want {
			t.Errorf("Name(%q, %q) = %q, want %q", tt.server, tt.tool, got, tt.want)
		}
	}
}
