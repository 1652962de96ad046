package providertest

import (
	"encoding/json"
	"io"
	"net/http"
	"testing"
	"time"

	"corvid/internal/provider"
)

func TestExhausted(t *testing.T) {
	s := New(Scenario{Turns: []Turn{{Blocks: []Block{Text("only")}}}})
	defer s.Close()
	if _, err := stream(t, s, hello); err != nil {
		t.Fatal(err)
	}
	resp := post(t, s, hello)
	if resp.StatusCode != 500 {
		t.Fatalf("status %d, want 500", resp.StatusCode)
	}
	if e := decodeError(t, resp); e.Error.Type != "api_error" || e.Error.Message != "providertest: scenario exhausted" {
		t.Errorf("error %+v", e.Error)
	}
	vs := s.Violations()
	if len(vs) != 1 || vs[0].Kind != ViolationExhausted || vs[0].Request != 1 {
		t.Errorf("violations %v, want scenario_exhausted on request 1", vs)
	}
}

func TestRepeat(t *testing.T) {
	s := Start(t, Scenario{Turns: []Turn{{Status: 529, Repeat: 3}, {Blocks: []Block{Text("finally")}}}})
	for i, want := range []int{529, 529, 529, 200} {
		if got := s.Remaining(); got != 4-i {
			t.Errorf("before request %d: remaining %d, want %d", i, got, 4-i)
		}
		resp := post(t, s, hello)
		io.Copy(io.Discard, resp.Body)
		if resp.StatusCode != want {
			t.Errorf("request %d: status %d, want %d", i, resp.StatusCode, want)
		}
	}
	<-s.Finished()
	reqs := s.Requests()
	if reqs[2].Turn != 0 || reqs[3].Turn != 1 || reqs[3].Status != 200 {
		t.Errorf("turns %d,%d status %d", reqs[2].Turn, reqs[3].Turn, reqs[3].Status)
	}
}

func TestRequireAPIKey(t *testing.T) {
	s := Start(t, Scenario{RequireAPIKey: "sk-test", Turns: []Turn{{Blocks: []Block{Text("a")}, Repeat: 2}}})
	tests := []struct {
		header []string
		status int
	}{
		{nil, 401},
		{[]string{"X-Api-Key", "sk-wrong"}, 401},
		{[]string{"X-Api-Key", "sk-test"}, 200},
		{[]string{"Authorization", "Bearer sk-test"}, 200},
	}
	for _, tc := range tests {
		resp := post(t, s, hello, tc.header...)
		if resp.StatusCode != tc.status {
			t.Errorf("headers %v: status %d, want %d", tc.header, resp.StatusCode, tc.status)
		}
		if tc.status == 401 {
			if e := decodeError(t, resp); e.Error.Type != "authentication_error" {
				t.Errorf("error type %q", e.Error.Type)
			}
		}
		io.Copy(io.Discard, resp.Body)
	}
	if got := s.Requests()[3].APIKey; got != "sk-test" {
		t.Errorf("recorded bearer key %q", got)
	}
}

func TestRecording(t *testing.T) {
	s := Start(t, Scenario{Turns: []Turn{{Blocks: []Block{Text("a")}}}})
	raw := `{"model":"claude-rec","max_tokens":2048,"stream":true,"system":"be brief",` +
		`"tools":[{"name":"Read","description":"read a file","input_schema":{"type":"object"}}],` +
		`"thinking":{"type":"enabled","budget_tokens":1024},` +
		`"messages":[{"role":"user","content":"hello"}]}`
	resp := post(t, s, []byte(raw), "X-Api-Key", "sk-1", "Anthropic-Version", "2023-06-01")
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream; charset=utf-8" {
		t.Errorf("content-type %q", ct)
	}
	if resp.Header.Get("Request-Id") == "" {
		t.Error("no request-id header")
	}
	io.Copy(io.Discard, resp.Body)
	q := s.Requests()[0]
	checks := map[string]bool{
		"path":     q.Method == "POST" && q.Path == "/v1/messages" && q.RawQuery == "beta=true",
		"headers":  q.Header.Get("Anthropic-Version") == "2023-06-01" && q.APIKey == "sk-1",
		"body":     string(q.Body) == raw,
		"model":    q.Model == "claude-rec" && q.MaxTokens == 2048 && q.Stream,
		"system":   len(q.System) == 1 && q.System[0].Text == "be brief",
		"tools":    len(q.Tools) == 1 && q.Tools[0].Name == "Read",
		"thinking": q.Thinking != nil && q.Thinking.BudgetTokens == 1024,
		"messages": len(q.Messages) == 1 && q.Messages[0].Text() == "hello",
		"outcome":  q.Turn == 0 && q.Status == 200 && q.DecodeErr == nil,
	}
	for name, ok := range checks {
		if !ok {
			t.Errorf("%s not recorded: %+v", name, q)
		}
	}
}

func TestGeneratedToolIDsAreUnique(t *testing.T) {
	call := Block{Type: "tool_use", Name: "Now"}
	s := Start(t, Scenario{Turns: []Turn{{Blocks: []Block{call, call}, Repeat: 2}}})
	var msgs []provider.Message
	msgs = append(msgs, user(provider.TextBlock("go")))
	for range 2 {
		recs, err := stream(t, s, body(msgs...))
		if err != nil {
			t.Fatal(err)
		}
		reply := assemble(t, recs).Message()
		var results []provider.Block
		for _, b := range reply.ToolUses() {
			results = append(results, result(b.ID))
		}
		msgs = append(msgs, reply, user(results...))
	}
	// The cleanup check fails the test if ids repeated across turns.
	if vs := checkConversation(msgs); len(vs) != 0 {
		t.Errorf("violations %v", vs)
	}
}

func TestTimeline(t *testing.T) {
	s := Start(t, Scenario{Turns: []Turn{{ChunkDelay: 2 * time.Millisecond, Blocks: []Block{
		ToolUse("toolu_a", "Sleep", map[string]int{"ms": 1}),
		ToolUse("toolu_b", "Sleep", map[string]int{"ms": 2}),
		ToolUse("toolu_c", "Sleep", map[string]int{"ms": 3}),
	}}}})
	if _, err := stream(t, s, hello); err != nil {
		t.Fatal(err)
	}
	<-s.Finished()
	tl := s.Timeline()[0]
	stops := tl.BlockStops()
	end, ok := tl.MessageStop()
	if len(stops) != 3 || !ok {
		t.Fatalf("stops %v, message_stop %v", stops, ok)
	}
	if !stops[0].Before(stops[1]) || !stops[1].Before(stops[2]) || !stops[2].Before(end) || stops[0].Before(tl.Received) {
		t.Errorf("times out of order: received %v stops %v end %v", tl.Received, stops, end)
	}
}

func TestToolUseHelper(t *testing.T) {
	b := ToolUse("id", "Bash", map[string]any{"command": "ls"})
	if string(b.Input) != `{"command":"ls"}` {
		t.Errorf("input %s", b.Input)
	}
	raw := ToolUse("id", "Bash", json.RawMessage(`{"x":1}`))
	if string(raw.Input) != `{"x":1}` {
		t.Errorf("raw input %s", raw.Input)
	}
}

func TestNewPanicsOnInvalidScenario(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("New accepted an invalid scenario")
		}
	}()
	New(Scenario{Turns: []Turn{{Blocks: []Block{{Type: "image"}}}}})
}

var _ http.Handler = (*Server)(nil)
