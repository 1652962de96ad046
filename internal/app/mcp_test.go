package app

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"corvid/internal/mcp"
	"corvid/internal/permission"
	"corvid/internal/tool"
	"corvid/internal/tools/mcptool"
)

// TestMCPHidden: bare deny rules remove MCP tools from the model's view
// as Claude Code's do: the server name, the server glob, mcp__*, "*" and
// exact names; a rule with a specifier hides nothing.
func TestMCPHidden(t *testing.T) {
	var tools []tool.Tool
	for _, n := range []string{"github/create", "github/list", "gitlab/create"} {
		server, name, _ := strings.Cut(n, "/")
		tools = append(tools, mcptool.New(nil, mcp.ServerTool{Server: server,
			Tool: mcp.Tool{Name: name, InputSchema: json.RawMessage(`{"type":"object"}`)}}, mcptool.Options{}))
	}
	tests := []struct {
		rule string
		want []string
	}{
		{"mcp__github", []string{"mcp__github__create", "mcp__github__list"}},
		{"mcp__git", nil},
		{"mcp__github__*", []string{"mcp__github__create", "mcp__github__list"}},
		{"mcp__gitlab__create", []string{"mcp__gitlab__create"}},
		{"mcp__*", []string{"mcp__github__create", "mcp__github__list", "mcp__gitlab__create"}},
		{"*", []string{"mcp__github__create", "mcp__github__list", "mcp__gitlab__create"}},
		{"mcp__github__create(x)", nil},
		{"Bash", nil},
	}
	for _, tt := range tests {
		var got []string
		for _, tl := range tools {
			if mcpHiddenBy([]permission.RuleSource{{Text: tt.rule}})(tl.Name()) {
				got = append(got, tl.Name())
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("deny %q hides %q, want %q", tt.rule, got, tt.want)
		}
	}
}
