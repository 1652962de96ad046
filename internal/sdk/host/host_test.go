package host

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"corvid/internal/permission"
)

// The control codec: one response per request, initialize's answer,
// unknown subtypes and bad lines reported, responses to unknown ids and
// keep_alive ignored.
func TestControlCodec(t *testing.T) {
	s := start(t, false, Options{APIKeySource: "ANTHROPIC_API_KEY"})
	s.send(request("i1", `{"subtype":"initialize","hooks":{"PreToolUse":[{"matcher":"Bash","hookCallbackIds":["hook_0"]}]},"sdkMcpServers":["calc"],"systemPrompt":[""]}`))
	init := s.expect("control_response", "success")
	resp := init["response"].(map[string]any)
	body := resp["response"].(map[string]any)
	if resp["request_id"] != "i1" || len(body["commands"].([]any)) == 0 || len(body["models"].([]any)) == 0 ||
		body["output_style"] != "default" || body["hooks_applied"] != true || !contains(body, `"apiKeySource":"ANTHROPIC_API_KEY"`) {
		t.Errorf("initialize response = %v", init)
	}
	s.send(`{"type":"keep_alive"}`)
	s.send(`not json`)
	if m := s.expect("system", "informational"); !contains(m, "line 3") || !contains(m, "not a JSON message") {
		t.Errorf("bad line frame = %v", m)
	}
	s.send(`{"type":"mystery"}`)
	if m := s.expect("system", "informational"); !contains(m, `unknown message type \"mystery\"`) {
		t.Errorf("unknown type frame = %v", m)
	}
	s.send(`{"type":"control_response","response":{"subtype":"success","request_id":"nobody","response":{}}}`)
	s.send(request("x1", `{"subtype":"frobnicate"}`))
	if m := s.expect("control_response", "error"); !contains(m, "x1") ||
		!contains(m, `"error":"Unsupported control request subtype: frobnicate"`) {
		t.Errorf("unknown subtype response = %v", m)
	}
	s.send(request("m1", `{"subtype":"mcp_status"}`))
	// The fake conversation does not report the host's server: it is
	// listed as not yet connected, and the conversation was told of it.
	if m := s.expect("control_response", "success"); !contains(m, `"name":"calc","status":"pending"`) {
		t.Errorf("mcp_status = %v", m)
	}
	s.send(request("p1", `{"subtype":"set_permission_mode","mode":"bypassPermissions"}`))
	if m := s.expect("control_response", ""); responseSubtype(m) != "error" {
		t.Errorf("entering bypass without launching in it = %v, want an error", m)
	}
	s.send(request("p2", `{"subtype":"set_permission_mode","mode":"plan"}`))
	if m := s.expect("control_response", ""); responseSubtype(m) != "success" || !contains(m, `"mode":"plan"`) {
		t.Errorf("set_permission_mode = %v", m)
	}
	if s.setup.HasSystemPrompt != true || s.setup.SystemPrompt != "" || s.setup.Hooks == nil ||
		len(s.setup.SDKMCPServers) != 1 || s.setup.SDKMCPServers[0] != "calc" || s.setup.MCP == nil {
		t.Errorf("setup = %+v, want the minimal prompt and the hooks", s.setup)
	}
	rest := s.finish()
	if n := count(rest, "control_response"); n != 0 {
		t.Errorf("%d extra responses: %v", n, rest)
	}
	if s.err != nil {
		t.Errorf("Run: %v", s.err)
	}
}

// Messages that arrive mid-turn wait for the next turn; the input ending
// mid-turn still runs every queued message; a mode change shows in the
// next turn's init.
func TestQueuedMessages(t *testing.T) {
	s := start(t, true, Options{})
	s.send(user("one"))
	<-waitConv(s).started
	s.send(user("two"))
	s.send(request("pm", `{"subtype":"set_permission_mode","mode":"acceptEdits"}`))
	s.expect("control_response", "success")
	s.mu.Lock()
	if n := len(s.conv.prompts); n != 1 {
		t.Errorf("%d turns started while the first runs, want 1", n)
	}
	s.mu.Unlock()
	s.in.Close() // EOF mid-turn: the queue must still drain
	if first := s.expect("system", "init"); first["permissionMode"] != "default" {
		t.Errorf("first init = %v", first)
	}
	s.conv.release <- struct{}{}
	s.expect("result", "")
	s.conv.release <- struct{}{}
	second := s.expect("system", "init")
	if second["permissionMode"] != "acceptEdits" {
		t.Errorf("next init = %v", second)
	}
	s.expect("result", "")
	s.finish()
	if len(s.conv.prompts) != 2 || s.conv.prompts[1][0].Text != "two" || !s.conv.closed {
		t.Errorf("prompts = %v, closed = %v", s.conv.prompts, s.conv.closed)
	}
}

func waitConv(s *session) *fakeConv {
	for range 1000 {
		s.mu.Lock()
		c := s.conv
		s.mu.Unlock()
		if c != nil {
			return c
		}
		time.Sleep(5 * time.Millisecond)
	}
	s.t.Fatal("the conversation never opened")
	return nil
}

// interrupt ends the running turn with a result and answers once; queued
// messages are reported (or dropped with cancel_queued).
func TestInterrupt(t *testing.T) {
	s := start(t, true, Options{})
	s.send(user("long"))
	<-waitConv(s).started
	s.send(user("queued"))
	time.Sleep(20 * time.Millisecond)
	s.send(request("int1", `{"subtype":"interrupt","cancel_queued":true}`))
	m := s.expect("control_response", "success")
	if !contains(m, `"cancelled":["u-queued"]`) {
		t.Errorf("interrupt response = %v", m)
	}
	if r := s.expect("result", ""); r["is_error"] != true {
		t.Errorf("interrupted result = %v", r)
	}
	s.finish()
	if len(s.conv.prompts) != 1 {
		t.Errorf("the cancelled message ran: %v", s.conv.prompts)
	}
}

// A host that never answers can_use_tool: the wait ends when the turn is
// interrupted (the request is withdrawn) or when the host's input ends.
func TestCanUseToolUnanswered(t *testing.T) {
	s := start(t, false, Options{PromptTool: true})
	s.send(user("x"))
	s.expect("result", "")
	ask := s.setup.Asker
	if ask == nil {
		t.Fatal("no asker with PromptTool")
	}
	ctx, cancel := context.WithCancel(t.Context())
	errc := make(chan error, 1)
	go func() {
		_, err := ask.Ask(ctx, permission.Question{ToolName: "Bash", ToolUseID: "toolu_1", Input: json.RawMessage(`{"command":"rm x"}`),
			Suggestions: []string{"Bash(rm x)"}, BlockedPath: "/elsewhere/x"})
		errc <- err
	}()
	req := s.expect("control_request", "")
	if !contains(req, `"subtype":"can_use_tool"`) || !contains(req, `"ruleContent":"rm x","toolName":"Bash"`) ||
		!contains(req, `"blocked_path":"/elsewhere/x"`) {
		t.Errorf("can_use_tool = %v", req)
	}
	cancel() // the turn was interrupted
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Errorf("Ask after cancel = %v", err)
	}
	if c := s.expect("control_cancel_request", ""); c["request_id"] != req["request_id"] {
		t.Errorf("cancel names %v, want %v", c["request_id"], req["request_id"])
	}
	// The host dies (its input ends) while a question waits.
	go func() {
		_, err := ask.Ask(t.Context(), permission.Question{ToolName: "Bash", ToolUseID: "toolu_2", Input: json.RawMessage(`{}`)})
		errc <- err
	}()
	s.expect("control_request", "")
	s.finish()
	if err := <-errc; !errors.Is(err, ErrHostGone) {
		t.Errorf("Ask after the host left = %v, want ErrHostGone", err)
	}
	if _, err := ask.Ask(t.Context(), permission.Question{}); !errors.Is(err, ErrHostGone) {
		t.Errorf("Ask after the end = %v", err)
	}
}

// A 10 MB content block goes through whole; a line over the cap is
// reported and skipped without losing the next message.
func TestLargeLines(t *testing.T) {
	s := start(t, false, Options{MaxLine: 12 << 20})
	big := strings.Repeat("x", 10<<20)
	s.send(user(big))
	s.expect("result", "")
	s.send(user(strings.Repeat("y", 13<<20)))
	if m := s.expect("system", "informational"); !contains(m, "longer than") {
		t.Errorf("over-long line frame = %v", m)
	}
	s.send(user("after"))
	s.expect("result", "")
	s.finish()
	if len(s.conv.prompts) != 2 || len(s.conv.prompts[0][0].Text) != 10<<20 || s.conv.prompts[1][0].Text != "after" {
		t.Errorf("prompts: %d", len(s.conv.prompts))
	}
}

// Content blocks: text, image and document pass; other kinds are refused
// with a frame; shouldQuery:false joins the next prompt.
func TestUserContent(t *testing.T) {
	s := start(t, false, Options{})
	s.send(`{"type":"user","shouldQuery":false,"message":{"role":"user","content":"context first"}}`)
	s.send(`{"type":"user","message":{"role":"user","content":[{"type":"tool_use","id":"x","name":"Bash","input":{}}]}}`)
	if m := s.expect("system", "informational"); !contains(m, "tool_use") {
		t.Errorf("refused block frame = %v", m)
	}
	s.send(`{"type":"user","message":{"role":"user","content":[{"type":"text","text":"look"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORw0KGgo="}}]}}`)
	s.expect("result", "")
	s.finish()
	p := s.conv.prompts
	if len(p) != 1 || len(p[0]) != 3 || p[0][0].Text != "context first" || p[0][2].Type != "image" {
		t.Errorf("prompts = %+v", p)
	}
}

// A host that dies (stops reading our output): the running turn is
// interrupted and queued messages are dropped, so nothing runs on for
// nobody.
func TestHostDies(t *testing.T) {
	s := start(t, true, Options{})
	s.send(user("long"))
	<-waitConv(s).started
	s.send(user("queued"))
	s.out.Close() // the host is gone
	s.send(request("m", `{"subtype":"mcp_status"}`))
	s.in.Close()
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after the host died")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conv.interrupts != 1 || len(s.conv.prompts) != 1 || !s.conv.closed {
		t.Errorf("interrupts %d, prompts %d, closed %v", s.conv.interrupts, len(s.conv.prompts), s.conv.closed)
	}
	if s.err == nil {
		t.Error("Run reported no output error")
	}
}
