package host

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"corvid/internal/app"
	"corvid/internal/provider/providertest"
)

// realSession is a host over a real conversation (app.Open) talking to
// the fake API, with hooks registered by initialize.
func realSession(t *testing.T, srv *providertest.Server, prompt bool, hooks string) (*session, string) {
	t.Helper()
	work := t.TempDir()
	env := map[string]string{"ANTHROPIC_BASE_URL": srv.URL, "ANTHROPIC_API_KEY": "x",
		"CORVID_CONFIG_DIR": t.TempDir()}
	s := start(t, false, Options{PromptTool: prompt})
	s.open = func(ctx context.Context, su Setup) (Conversation, error) {
		c, err := app.Open(ctx, app.Options{Cwd: work, Getenv: func(k string) string { return env[k] },
			Stderr: &bytes.Buffer{}, Sink: su.Sink, Asker: su.Asker, Hooks: su.Hooks})
		if err != nil {
			return nil, err
		}
		return c, nil
	}
	s.send(request("init", `{"subtype":"initialize","hooks":`+hooks+`}`))
	s.expect("control_response", "success")
	return s, work
}

// hookCall waits for the next hook_callback and returns its callback id,
// its input and the request id to answer.
func hookCall(t *testing.T, s *session) (id string, input map[string]any, reqID string) {
	t.Helper()
	var others []map[string]any
	defer func() { s.skipped = append(s.skipped, others...) }()
	for {
		m := s.expect("control_request", "")
		req, _ := m["request"].(map[string]any)
		if req["subtype"] != "hook_callback" {
			others = append(others, m) // put back once the callback is found
			continue
		}
		input, _ = req["input"].(map[string]any)
		id, _ = req["callback_id"].(string)
		reqID, _ = m["request_id"].(string)
		return id, input, reqID
	}
}

// answer replies to a control request.
func answer(s *session, reqID, body string) {
	s.send(`{"type":"control_response","response":{"subtype":"success","request_id":"` + reqID +
		`","response":` + body + `}}`)
}

// bodyText is a fake-API request's messages as JSON.
func bodyText(r providertest.Request) string {
	b, _ := json.Marshal(r.Messages)
	return string(b)
}

// SessionStart's context reaches the model with the first prompt; a Stop
// hook that blocks once makes the model go on with its reason, the second
// stop says stop_hook_active, and the turn ends with the final answer.
func TestHostSessionStartAndStop(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("done?")}},
		{Blocks: []providertest.Block{providertest.Text("all tests pass")}}}})
	s, work := realSession(t, srv, false, `{"SessionStart":[{"matcher":"startup","hookCallbackIds":["ss"]}],`+
		`"Stop":[{"hookCallbackIds":["stop"]}]}`)
	s.send(user("fix it"))
	id, in, req := hookCall(t, s)
	if id != "ss" || in["hook_event_name"] != "SessionStart" || in["source"] != "startup" || in["cwd"] != work ||
		in["session_id"] == "" || !strings.HasSuffix(in["transcript_path"].(string), ".jsonl") {
		t.Fatalf("SessionStart callback %s input %v", id, in)
	}
	answer(s, req, `{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"ctx-ss-4b1"}}`)
	id, in, req = hookCall(t, s)
	if id != "stop" || in["stop_hook_active"] != false || in["last_assistant_message"] != "done?" {
		t.Fatalf("first Stop callback %s input %v", id, in)
	}
	answer(s, req, `{"decision":"block","reason":"run the tests first"}`)
	_, in, req = hookCall(t, s)
	if in["stop_hook_active"] != true || in["last_assistant_message"] != "all tests pass" {
		t.Fatalf("second Stop input %v", in)
	}
	answer(s, req, `{}`)
	if r := s.expect("result", ""); r["result"] != "all tests pass" || r["is_error"] != false {
		t.Errorf("result = %v", r)
	}
	s.finish()
	reqs := srv.Requests()
	if len(reqs) != 2 || !strings.Contains(bodyText(reqs[0]), "ctx-ss-4b1") ||
		!strings.Contains(bodyText(reqs[1]), "run the tests first") {
		t.Fatalf("%d requests; want the SessionStart context in the first, the Stop reason in the second", len(reqs))
	}
}

// A tool that ran and failed goes to PostToolUseFailure (with its error),
// not to PostToolUse; the hook's context reaches the model.
func TestHostPostToolUseFailure(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.ToolUse("toolu_ls", "Bash",
			map[string]any{"command": "ls does-not-exist-91"})}},
		{Blocks: []providertest.Block{providertest.Text("it is missing")}}}})
	s, work := realSession(t, srv, false, `{"PostToolUse":[{"hookCallbackIds":["post"]}],`+
		`"PostToolUseFailure":[{"matcher":"Bash","hookCallbackIds":["fail"]}]}`)
	s.send(user("list it"))
	id, in, req := hookCall(t, s)
	tin, _ := in["tool_input"].(map[string]any)
	if id != "fail" || in["hook_event_name"] != "PostToolUseFailure" || in["tool_name"] != "Bash" ||
		in["tool_use_id"] != "toolu_ls" || tin["command"] != "ls does-not-exist-91" || in["cwd"] != work ||
		!strings.Contains(in["error"].(string), "does-not-exist-91") || in["is_interrupt"] != false {
		t.Fatalf("callback %s input %v", id, in)
	}
	answer(s, req, `{"hookSpecificOutput":{"hookEventName":"PostToolUseFailure","additionalContext":"ctx-fail-77"}}`)
	if r := s.expect("result", ""); r["result"] != "it is missing" {
		t.Errorf("result = %v", r)
	}
	s.finish()
	if reqs := srv.Requests(); len(reqs) != 2 || !strings.Contains(bodyText(reqs[1]), "ctx-fail-77") {
		t.Fatalf("the hook's context did not reach the second request")
	}
}

// A PermissionRequest hook answers instead of the host: its allow runs
// the call without a can_use_tool question.
func TestHostPermissionRequest(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.ToolUse("toolu_t", "Bash", map[string]any{"command": "touch made.txt"})}},
		{Blocks: []providertest.Block{providertest.Text("made")}}}})
	s, work := realSession(t, srv, true, `{"PermissionRequest":[{"matcher":"Bash","hookCallbackIds":["pr"]}]}`)
	s.send(user("make it"))
	id, in, req := hookCall(t, s)
	tin, _ := in["tool_input"].(map[string]any)
	if id != "pr" || in["hook_event_name"] != "PermissionRequest" || in["tool_name"] != "Bash" ||
		tin["command"] != "touch made.txt" || in["permission_mode"] != "default" {
		t.Fatalf("callback %s input %v", id, in)
	}
	answer(s, req, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}`)
	s.expect("result", "success")
	rest := s.finish()
	for _, m := range append(s.skipped, rest...) {
		if contains(m, `"subtype":"can_use_tool"`) {
			t.Fatalf("the host was asked although the hook decided: %v", m)
		}
	}
	if _, err := os.Stat(filepath.Join(work, "made.txt")); err != nil {
		t.Fatalf("the allowed call did not run: %v", err)
	}
}

// When the host is asked, Notification hooks are told a permission is
// needed.
func TestHostNotification(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.ToolUse("toolu_t", "Bash", map[string]any{"command": "touch x.txt"})}},
		{Blocks: []providertest.Block{providertest.Text("refused")}}}})
	s, _ := realSession(t, srv, true, `{"Notification":[{"matcher":"permission_prompt","hookCallbackIds":["n"]}]}`)
	s.send(user("make it"))
	id, in, req := hookCall(t, s)
	if id != "n" || in["notification_type"] != "permission_prompt" || !strings.Contains(in["message"].(string), "Bash") {
		t.Fatalf("callback %s input %v", id, in)
	}
	answer(s, req, `{}`)
	ask := s.expect("control_request", "")
	if !contains(ask, `"subtype":"can_use_tool"`) {
		t.Fatalf("ask = %v", ask)
	}
	answer(s, ask["request_id"].(string), `{"behavior":"deny","message":"no"}`)
	s.expect("result", "success")
	s.finish()
}

// /compact runs PreCompact (trigger manual, the instructions), then
// PostCompact with the summary, then SessionStart with source compact.
func TestHostCompactHooks(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("a")}},
		{Blocks: []providertest.Block{providertest.Text("SUMMARY-X")}}}})
	s, _ := realSession(t, srv, false, `{"PreCompact":[{"hookCallbackIds":["pre"]}],"PostCompact":[{"hookCallbackIds":["post"]}],`+
		`"SessionStart":[{"matcher":"compact","hookCallbackIds":["ss"]}]}`)
	s.send(user("q"))
	s.expect("result", "success")
	s.send(user("/compact keep the notes"))
	id, in, req := hookCall(t, s)
	if id != "pre" || in["trigger"] != "manual" || in["custom_instructions"] != "keep the notes" {
		t.Fatalf("callback %s input %v", id, in)
	}
	answer(s, req, `{"hookSpecificOutput":{"hookEventName":"PreCompact","additionalContext":"PRE-EXTRA-5"}}`)
	id, in, req = hookCall(t, s)
	if id != "post" || in["trigger"] != "manual" || !strings.Contains(in["compact_summary"].(string), "SUMMARY-X") {
		t.Fatalf("callback %s input %v", id, in)
	}
	answer(s, req, `{}`)
	id, in, req = hookCall(t, s)
	if id != "ss" || in["source"] != "compact" {
		t.Fatalf("callback %s input %v", id, in)
	}
	answer(s, req, `{}`)
	s.expect("result", "success")
	s.finish()
	if reqs := srv.Requests(); len(reqs) != 2 || !strings.Contains(bodyText(reqs[1]), "PRE-EXTRA-5") {
		t.Fatalf("the PreCompact hook's instructions did not reach the summary request")
	}
}

// When the input ends the conversation closes; a SessionEnd callback is
// not sent to a host whose input is gone (it could not answer), and
// closing does not wait for one.
func TestHostSessionEndAfterInput(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("bye")}}}})
	s, _ := realSession(t, srv, false, `{"SessionEnd":[{"hookCallbackIds":["end"]}]}`)
	s.send(user("hi"))
	s.expect("result", "success")
	start := time.Now()
	for _, m := range s.finish() {
		if contains(m, `"subtype":"hook_callback"`) {
			t.Errorf("a callback was sent after the input ended: %v", m)
		}
	}
	if took := time.Since(start); took > 8*time.Second {
		t.Errorf("closing took %v", took)
	}
}
