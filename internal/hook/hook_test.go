package hook

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"corvid/internal/executor"
	"corvid/internal/tool"
)

func TestMatches(t *testing.T) {
	tests := []struct {
		pattern, name string
		want          bool
	}{
		{"", "Bash", true}, {"*", "Read", true}, {"Bash", "Bash", true}, {"Bash", "BashOutput", false},
		{"Edit|Write", "Write", true}, {"Edit, Write", "Edit", true}, {"Edit|Write", "Read", false},
		{"mcp__memory__.*", "mcp__memory__get", true}, {"^Notebook", "NotebookEdit", true},
		{"^Notebook", "ReadNotebook", false}, {"(", "(", false},
	}
	for _, tt := range tests {
		if got := matches(tt.pattern, tt.name); got != tt.want {
			t.Errorf("matches(%q, %q) = %v", tt.pattern, tt.name, got)
		}
	}
}

// runner answers callbacks from a table and records their inputs.
type runner struct {
	mu      sync.Mutex
	answers map[string]string
	inputs  map[string]map[string]any
}

func (r *runner) RunHook(ctx context.Context, id, _ string, input json.RawMessage) (json.RawMessage, error) {
	r.mu.Lock()
	var in map[string]any
	_ = json.Unmarshal(input, &in)
	if r.inputs == nil {
		r.inputs = map[string]map[string]any{}
	}
	r.inputs[id] = in
	a, ok := r.answers[id]
	r.mu.Unlock()
	switch {
	case a == "slow":
		<-ctx.Done()
		return nil, ctx.Err()
	case !ok:
		return nil, errors.New("no such callback")
	}
	return json.RawMessage(a), nil
}

func pre(s *Set) executor.HookDecision {
	return s.PreToolUse(context.Background(), executor.HookInput{ToolName: "Bash", ToolUseID: "toolu_1",
		Input: json.RawMessage(`{"command":"ls"}`)})
}

// PreToolUse: deny beats ask beats allow; the allowing hook's input is
// used unless another denies; failures and timeouts decide nothing;
// continue:false refuses.
func TestPreToolUse(t *testing.T) {
	allow := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls -a"},"additionalContext":"ctx-1"}}`
	deny := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no ls"}}`
	ask := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask"}}`
	r := &runner{answers: map[string]string{"allow": allow, "deny": deny, "ask": ask, "bad": "not json",
		"stop": `{"continue":false,"stopReason":"halt"}`, "slow": "slow", "legacy": `{"decision":"block","reason":"old"}`}}
	common := func() Common { return Common{SessionID: "s1", Cwd: "/w", PermissionMode: "default"} }
	set := func(ids ...string) *Set {
		return New(r, map[string][]Matcher{PreToolUse: {{Pattern: "Bash", Callbacks: ids, Timeout: 50 * time.Millisecond},
			{Pattern: "Read", Callbacks: []string{"deny"}}}}, common)
	}
	s := set("allow")
	if d := pre(s); d.Permission != tool.PermissionAllow || string(d.UpdatedInput) != `{"command":"ls -a"}` {
		t.Errorf("allow: %+v", d)
	}
	if got := s.Context(); len(got) != 1 || !strings.Contains(got[0], "PreToolUse:Bash hook additional context: ctx-1") {
		t.Errorf("context = %q", got)
	}
	if s.Context() != nil {
		t.Error("Context does not forget what it returned")
	}
	in := r.inputs["allow"]
	if in["hook_event_name"] != "PreToolUse" || in["session_id"] != "s1" || in["tool_use_id"] != "toolu_1" ||
		in["tool_input"].(map[string]any)["command"] != "ls" || in["permission_mode"] != "default" {
		t.Errorf("hook input = %v", in)
	}
	if d := pre(set("allow", "deny", "ask")); d.Permission != tool.PermissionDeny || d.Reason != "no ls" || d.UpdatedInput != nil {
		t.Errorf("deny wins: %+v", d)
	}
	if d := pre(set("allow", "ask")); d.Permission != tool.PermissionAsk {
		t.Errorf("ask beats allow: %+v", d)
	}
	if d := pre(set("bad", "slow", "missing")); d.Permission != "" {
		t.Errorf("failures decided: %+v", d)
	}
	if d := pre(set("stop")); d.Permission != tool.PermissionDeny || d.Reason != "halt" {
		t.Errorf("continue:false: %+v", d)
	}
	if d := pre(set("legacy")); d.Permission != tool.PermissionDeny || d.Reason != "old" {
		t.Errorf("decision block: %+v", d)
	}
}

// PostToolUse gives the tool's output to the hooks and passes their
// context on; the result is kept.
func TestPostToolUse(t *testing.T) {
	r := &runner{answers: map[string]string{"p": `{"decision":"block","reason":"tests fail","hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"see log"}}`}}
	s := New(r, map[string][]Matcher{PostToolUse: {{Callbacks: []string{"p"}}}}, nil)
	res := tool.Text("out")
	if got := s.PostToolUse(context.Background(), executor.HookInput{ToolName: "Bash"}, res); got != nil {
		t.Errorf("result replaced: %+v", got)
	}
	if r.inputs["p"]["tool_response"] != "out" {
		t.Errorf("tool_response = %v", r.inputs["p"]["tool_response"])
	}
	if got := strings.Join(s.Context(), "|"); !strings.Contains(got, "see log") || !strings.Contains(got, "tests fail") {
		t.Errorf("context = %q", got)
	}
	var none *Set
	if none.Has(PostToolUse) {
		t.Error("a nil Set has hooks")
	}
}
