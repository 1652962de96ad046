package mcptool

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	mcpc "corvid/internal/mcp"
	"corvid/internal/permission"
)

// promptServer is one server with a prompt tool whose answer the test
// sets, recording the arguments it was called with.
type promptServer struct {
	answer *mcpc.CallToolResult
	err    error
	args   []json.RawMessage
}

func (s *promptServer) Tools() []mcpc.ServerTool {
	return []mcpc.ServerTool{{Server: "gate", Tool: mcpc.Tool{Name: "other"}}, {Server: "gate", Tool: mcpc.Tool{Name: "approve"}}}
}

func (s *promptServer) Call(_ context.Context, server, tool string, args json.RawMessage, _ func(mcpc.Progress)) (*mcpc.CallToolResult, error) {
	if server != "gate" || tool != "approve" {
		return nil, errors.New("wrong tool called: " + server + "/" + tool)
	}
	s.args = append(s.args, args)
	return s.answer, s.err
}

func textResult(s string, isErr bool) *mcpc.CallToolResult {
	return &mcpc.CallToolResult{Content: []mcpc.Content{{Type: "text", Text: s}}, IsError: isErr}
}

func TestPromptToolAnswers(t *testing.T) {
	p, err := NewPromptTool("mcp__gate__approve")
	if err != nil {
		t.Fatal(err)
	}
	srv := &promptServer{}
	p.Bind(srv)
	q := permission.Question{ToolName: "Bash", ToolUseID: "toolu_1", Input: json.RawMessage(`{"command":"rm -rf x"}`)}

	srv.answer = textResult(`{"behavior":"allow","updatedInput":{"command":"ls"}}`, false)
	ans, err := p.Ask(context.Background(), q)
	if err != nil || !ans.Allow || string(ans.UpdatedInput) != `{"command":"ls"}` {
		t.Errorf("allow = %+v, %v", ans, err)
	}
	var args map[string]any
	if err := json.Unmarshal(srv.args[0], &args); err != nil || args["tool_name"] != "Bash" || args["tool_use_id"] != "toolu_1" ||
		args["input"].(map[string]any)["command"] != "rm -rf x" || len(args) != 3 {
		t.Errorf("the prompt tool got %s", srv.args[0])
	}

	srv.answer = textResult(`{"behavior":"deny","message":"not today"}`, false)
	if ans, err := p.Ask(context.Background(), q); err != nil || ans.Allow || ans.Message != "not today" {
		t.Errorf("deny = %+v, %v", ans, err)
	}
}

// Every answer that is not a well-formed allow or deny is an error (the
// permission engine then refuses the call) naming the tool and why.
func TestPromptToolFailsClosed(t *testing.T) {
	cases := map[string]struct {
		answer *mcpc.CallToolResult
		err    error
		want   string
	}{
		"not json":     {answer: textResult(`sure, go ahead`, false), want: `answered "sure, go ahead"`},
		"bad behavior": {answer: textResult(`{"behavior":"yes"}`, false), want: `behavior "yes"`},
		"no text":      {answer: &mcpc.CallToolResult{}, want: "not a usable permission result"},
		"tool error":   {answer: textResult(`{"behavior":"allow"}`, true), want: "reported an error"},
		"call fails":   {err: errors.New("server crashed"), want: "server crashed"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			p, _ := NewPromptTool("mcp__gate__approve")
			p.Bind(&promptServer{answer: tc.answer, err: tc.err})
			ans, err := p.Ask(context.Background(), permission.Question{ToolName: "Write"})
			if ans.Allow || !errors.Is(err, ErrPromptTool) || !strings.Contains(err.Error(), tc.want) ||
				!strings.Contains(err.Error(), "mcp__gate__approve") {
				t.Errorf("got %+v, %v; want a refusal saying %q", ans, err, tc.want)
			}
		})
	}
	p, _ := NewPromptTool("mcp__gate__missing")
	if _, err := p.Ask(context.Background(), permission.Question{}); !errors.Is(err, ErrPromptTool) {
		t.Errorf("unbound: %v", err)
	}
	p.Bind(&promptServer{})
	if _, err := p.Ask(context.Background(), permission.Question{}); err == nil || !strings.Contains(err.Error(), "not a tool of a connected") {
		t.Errorf("missing tool: %v", err)
	}
	for _, bad := range []string{"approve", "mcp__gate", "mcp____x", "mcp__gate__", "stdio"} {
		if _, err := NewPromptTool(bad); !errors.Is(err, ErrPromptToolName) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
