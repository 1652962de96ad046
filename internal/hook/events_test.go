package hook

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"corvid/internal/executor"
	"corvid/internal/permission"
	"corvid/internal/tool"
)

// recRunner records every input by callback id and answers from a
// table ("" answers {}).
type recRunner struct {
	mu      sync.Mutex
	answers map[string]string
	inputs  map[string][]map[string]any
}

func (r *recRunner) RunHook(_ context.Context, id, _ string, input json.RawMessage) (json.RawMessage, error) {
	var in map[string]any
	if err := json.Unmarshal(input, &in); err != nil {
		return nil, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.inputs == nil {
		r.inputs = map[string][]map[string]any{}
	}
	r.inputs[id] = append(r.inputs[id], in)
	a := r.answers[id]
	if a == "" {
		a = "{}"
	}
	return json.RawMessage(a), nil
}

func (r *recRunner) only(t *testing.T, id string) map[string]any {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.inputs[id]) != 1 {
		t.Fatalf("callback %s ran %d times, want 1", id, len(r.inputs[id]))
	}
	return r.inputs[id][0]
}

func common() Common {
	return Common{SessionID: "s1", TranscriptPath: "/t/s1.jsonl", Cwd: "/w", PermissionMode: "default"}
}

// withCommon is want plus the common input fields.
func withCommon(event string, want map[string]any) map[string]any {
	want["session_id"], want["transcript_path"], want["cwd"] = "s1", "/t/s1.jsonl", "/w"
	want["permission_mode"], want["hook_event_name"] = "default", event
	return want
}

func one(event, pattern, id string) map[string][]Matcher {
	return map[string][]Matcher{event: {{Pattern: pattern, Callbacks: []string{id}, Timeout: time.Second}}}
}

func checkInput(t *testing.T, got, want map[string]any) {
	t.Helper()
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("hook input (-want +got):\n%s", d)
	}
}

func TestPostToolUseFailureEvent(t *testing.T) {
	r := &recRunner{answers: map[string]string{"f": `{"decision":"block","reason":"flaky test",` +
		`"hookSpecificOutput":{"hookEventName":"PostToolUseFailure","additionalContext":"see ci.log"}}`}}
	s := New(r, one(PostToolUseFailure, "Bash", "f"), common)
	in := executor.HookInput{ToolName: "Bash", ToolUseID: "toolu_9", Input: json.RawMessage(`{"command":"make"}`),
		Elapsed: 1500 * time.Millisecond, Interrupted: true}
	if got := s.PostToolUseFailure(context.Background(), in, tool.ErrorText("exit status 2")); got != nil {
		t.Errorf("result replaced: %+v", got)
	}
	checkInput(t, r.only(t, "f"), withCommon(PostToolUseFailure, map[string]any{"tool_name": "Bash",
		"tool_input": map[string]any{"command": "make"}, "tool_use_id": "toolu_9", "error": "exit status 2",
		"is_interrupt": true, "duration_ms": float64(1500)}))
	got := strings.Join(s.Context(), "|")
	if !strings.Contains(got, "PostToolUseFailure:Bash hook additional context: see ci.log") || !strings.Contains(got, "flaky test") {
		t.Errorf("context = %q", got)
	}
	s.PostToolUseFailure(context.Background(), executor.HookInput{ToolName: "Read"}, tool.ErrorText("x"))
	r.only(t, "f") // the matcher is Bash: Read runs nothing
}

func TestSessionStartEvent(t *testing.T) {
	r := &recRunner{answers: map[string]string{"start": `{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"branch main is frozen"}}`}}
	s := New(r, map[string][]Matcher{SessionStart: {{Pattern: "startup|resume", Callbacks: []string{"start"}},
		{Pattern: "compact", Callbacks: []string{"c"}}}}, common)
	s.SessionStart(context.Background(), SourceStartup, "claude-sonnet-4-5")
	checkInput(t, r.only(t, "start"), withCommon(SessionStart, map[string]any{"source": "startup",
		"model": "claude-sonnet-4-5"}))
	if got := s.Context(); len(got) != 1 || got[0] != "SessionStart:startup hook additional context: branch main is frozen" {
		t.Errorf("context = %q", got)
	}
	if len(r.inputs["c"]) != 0 {
		t.Error("the compact matcher ran on startup")
	}
	s.SessionStart(context.Background(), SourceCompact, "")
	checkInput(t, r.only(t, "c"), withCommon(SessionStart, map[string]any{"source": "compact"}))
}

func TestSessionEndAndNotificationEvents(t *testing.T) {
	r := &recRunner{}
	s := New(r, map[string][]Matcher{SessionEnd: {{Callbacks: []string{"end"}}},
		Notification: {{Pattern: "permission_prompt", Callbacks: []string{"n"}}}}, common)
	s.SessionEnd(context.Background(), EndOther)
	checkInput(t, r.only(t, "end"), withCommon(SessionEnd, map[string]any{"reason": "other"}))
	s.Notification(context.Background(), NotifyIdle, "waiting", "")
	s.Notification(context.Background(), NotifyPermission, "corvid needs your permission to use Bash", "Permission needed")
	checkInput(t, r.only(t, "n"), withCommon(Notification, map[string]any{"notification_type": "permission_prompt",
		"message": "corvid needs your permission to use Bash", "title": "Permission needed"}))
}

func TestCompactEvents(t *testing.T) {
	r := &recRunner{answers: map[string]string{
		"add":   `{"hookSpecificOutput":{"hookEventName":"PreCompact","additionalContext":"keep the TODOs"}}`,
		"block": `{"decision":"block","reason":"mid-refactor"}`}}
	s := New(r, map[string][]Matcher{PreCompact: {{Pattern: "manual", Callbacks: []string{"add"}},
		{Pattern: "auto", Callbacks: []string{"block"}}}, PostCompact: {{Callbacks: []string{"post"}}}}, common)
	extra, err := s.PreCompact(context.Background(), "manual", "focus on tests")
	if err != nil || len(extra) != 1 || extra[0] != "keep the TODOs" {
		t.Errorf("manual: %q, %v", extra, err)
	}
	checkInput(t, r.only(t, "add"), withCommon(PreCompact, map[string]any{"trigger": "manual",
		"custom_instructions": "focus on tests"}))
	if _, err := s.PreCompact(context.Background(), "auto", ""); !errors.Is(err, ErrCompactBlocked) ||
		!strings.Contains(err.Error(), "mid-refactor") {
		t.Errorf("auto: %v, want a block with the reason", err)
	}
	s.PostCompact(context.Background(), "auto", "The user is fixing the parser.")
	checkInput(t, r.only(t, "post"), withCommon(PostCompact, map[string]any{"trigger": "auto",
		"compact_summary": "The user is fixing the parser."}))
}

func TestPermissionRequestEvent(t *testing.T) {
	allow := `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow",` +
		`"updatedInput":{"command":"npm test -- --ci"},"updatedPermissions":[{"type":"addRules",` +
		`"rules":[{"toolName":"Bash","ruleContent":"npm test *"}],"behavior":"allow","destination":"session"}]}}}`
	deny := `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"not on main","interrupt":true}}}`
	q := permission.Question{ToolName: "Bash", ToolUseID: "toolu_1", Input: json.RawMessage(`{"command":"npm test"}`),
		Suggestions: []string{"Bash(npm test *)"}}
	r := &recRunner{answers: map[string]string{"allow": allow, "deny": deny}}
	s := New(r, one(PermissionRequest, "Bash", "allow"), common)
	ans, ok := s.PermissionRequest(context.Background(), q)
	if !ok || !ans.Allow || string(ans.UpdatedInput) != `{"command":"npm test -- --ci"}` ||
		len(ans.Rules) != 1 || ans.Rules[0] != "Bash(npm test *)" || ans.Destination != permission.DestSession {
		t.Errorf("allow: %+v %v", ans, ok)
	}
	checkInput(t, r.only(t, "allow"), withCommon(PermissionRequest, map[string]any{"tool_name": "Bash",
		"tool_input": map[string]any{"command": "npm test"}, "permission_suggestions": []any{map[string]any{
			"type": "addRules", "rules": []any{map[string]any{"toolName": "Bash", "ruleContent": "npm test *"}},
			"behavior": "allow", "destination": "localSettings"}}}))
	s = New(r, map[string][]Matcher{PermissionRequest: {{Callbacks: []string{"allow", "deny", "none"}}}}, common)
	if ans, ok := s.PermissionRequest(context.Background(), q); !ok || ans.Allow || ans.Message != "not on main" || !ans.Interrupt {
		t.Errorf("deny must win: %+v %v", ans, ok)
	}
	s = New(r, one(PermissionRequest, "", "none"), common)
	if _, ok := s.PermissionRequest(context.Background(), q); ok {
		t.Error("a hook without a decision decided")
	}
	// An allow whose replacement input is not an object is malformed: it
	// decides nothing (the call is asked about as without the hook), as
	// the same answer from an SDK host refuses.
	r.answers["bad"] = `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow","updatedInput":"rm -rf /"}}}`
	s = New(r, one(PermissionRequest, "", "bad"), common)
	if ans, ok := s.PermissionRequest(context.Background(), q); ok {
		t.Errorf("a malformed allow decided: %+v", ans)
	}
}

func TestStopAndSubagentStopEvents(t *testing.T) {
	r := &recRunner{answers: map[string]string{"stop": `{"decision":"block","reason":"tests fail"}`,
		"sub": `{"decision":"block"}`}}
	s := New(r, map[string][]Matcher{Stop: {{Callbacks: []string{"stop"}}},
		SubagentStop: {{Pattern: "reviewer", Callbacks: []string{"sub"}}}}, common)
	if got := s.Stop(context.Background(), "All done.", true); got != "tests fail" {
		t.Errorf("Stop = %q", got)
	}
	checkInput(t, r.only(t, "stop"), withCommon(Stop, map[string]any{"stop_hook_active": true,
		"last_assistant_message": "All done."}))
	got := s.SubagentStop(context.Background(), SubagentStopInput{AgentID: "a1", AgentType: "reviewer",
		TranscriptPath: "/t/a1.jsonl", LastText: "LGTM"})
	if got == "" {
		t.Error("a SubagentStop block without a reason let the sub-agent stop")
	}
	checkInput(t, r.only(t, "sub"), withCommon(SubagentStop, map[string]any{"stop_hook_active": false,
		"last_assistant_message": "LGTM", "agent_id": "a1", "agent_type": "reviewer",
		"agent_transcript_path": "/t/a1.jsonl"}))
}

// A Set without hooks, even a nil one, is a no-op at every new event.
func TestNilSetEvents(t *testing.T) {
	var s *Set
	ctx := context.Background()
	s.SessionStart(ctx, SourceStartup, "m")
	s.SessionEnd(ctx, EndOther)
	s.PostCompact(ctx, "auto", "")
	s.Notification(ctx, NotifyIdle, "", "")
	if _, err := s.PreCompact(ctx, "auto", ""); err != nil {
		t.Error(err)
	}
	if _, ok := s.PermissionRequest(ctx, permission.Question{}); ok {
		t.Error("decided")
	}
	if s.PostToolUseFailure(ctx, executor.HookInput{}, nil) != nil || s.SubagentStop(ctx, SubagentStopInput{}) != "" {
		t.Error("a nil set acted")
	}
}

// The engine finds a sub-agent's stop point through this method (see
// engine.ForSubagent).
var _ interface {
	SubagentStopper(id, typ, path string) func(context.Context, string, bool) string
} = (*Set)(nil)

func TestSubagentStopper(t *testing.T) {
	r := &recRunner{answers: map[string]string{"sub": `{"decision":"block","reason":"review again"}`}}
	if New(r, one(Stop, "", "x"), common).SubagentStopper("a1", "t", "") != nil {
		t.Error("a stop point without SubagentStop hooks")
	}
	stop := New(r, one(SubagentStop, "reviewer", "sub"), common).SubagentStopper("a1", "reviewer", "/t/a1.jsonl")
	if got := stop(context.Background(), "LGTM", true); got != "review again" {
		t.Errorf("stop = %q", got)
	}
	in := r.only(t, "sub")
	if in["agent_id"] != "a1" || in["agent_type"] != "reviewer" || in["agent_transcript_path"] != "/t/a1.jsonl" ||
		in["stop_hook_active"] != true || in["last_assistant_message"] != "LGTM" {
		t.Errorf("input %v", in)
	}
}
