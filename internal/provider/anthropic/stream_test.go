package anthropic

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"corvid/internal/provider"
	"corvid/internal/provider/providertest"
)

func TestRoundTripThroughAssembler(t *testing.T) {
	input := `{"command": "ls -la <dir> && echo \"ok\"", "nested": {"list": [1, 2.5, {"b": null}], "é": "ü"}}`
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{{
		MessageID: "msg_rt",
		Blocks: []providertest.Block{
			{Type: "thinking", Thinking: "Let me think… about 思考 carefully", Signature: "sig-abc=="},
			{Type: "redacted_thinking", Data: "opaque-data"},
			providertest.Text("Hello <world> & \"friends\" — ok"),
			providertest.ToolUse("toolu_1", "Bash", json.RawMessage(input)),
			providertest.ToolUse("toolu_2", "NoArgs", json.RawMessage(`{}`)),
		},
		Usage:     provider.Usage{InputTokens: 120, OutputTokens: 45, CacheReadInputTokens: 7, CacheCreationInputTokens: 3},
		ChunkSize: 5,
	}}})
	c := newTestClient(t, srv.URL)
	a, evs := assemble(t, c.Stream(context.Background(), simpleRequest()))

	var compact bytes.Buffer
	if err := json.Compact(&compact, []byte(input)); err != nil {
		t.Fatal(err)
	}
	want := []provider.Block{
		{Type: provider.BlockThinking, Thinking: "Let me think… about 思考 carefully", Signature: "sig-abc=="},
		{Type: provider.BlockRedactedThinking, Data: "opaque-data"},
		provider.TextBlock("Hello <world> & \"friends\" — ok"),
		{Type: provider.BlockToolUse, ID: "toolu_1", Name: "Bash", Input: json.RawMessage(compact.String())},
		{Type: provider.BlockToolUse, ID: "toolu_2", Name: "NoArgs", Input: json.RawMessage(`{}`)},
	}
	got := a.Message().Content
	if len(got) != len(want) {
		t.Fatalf("got %d blocks, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Type != w.Type || g.Text != w.Text || g.Thinking != w.Thinking || g.Signature != w.Signature ||
			g.Data != w.Data || g.ID != w.ID || g.Name != w.Name || string(g.Input) != string(w.Input) {
			t.Errorf("block %d = %+v (input %s), want %+v (input %s)", i, g, g.Input, w, w.Input)
		}
	}
	if a.ID() != "msg_rt" || a.Model() != "claude-sonnet-4-5" || a.StopReason() != provider.StopToolUse || !a.Done() {
		t.Errorf("id %q model %q stop %q done %v", a.ID(), a.Model(), a.StopReason(), a.Done())
	}
	if u := a.Usage(); u.InputTokens != 120 || u.OutputTokens != 45 || u.CacheReadInputTokens != 7 || u.CacheCreationInputTokens != 3 {
		t.Errorf("usage %+v", u)
	}
	if evs[0].Type != provider.EventMessageStart || evs[1].Type != provider.EventPing ||
		evs[len(evs)-1].Type != provider.EventMessageStop {
		t.Errorf("event order: first %s, %s; last %s", evs[0].Type, evs[1].Type, evs[len(evs)-1].Type)
	}
}

func TestRequestOnTheWire(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{{Blocks: []providertest.Block{providertest.Text("done")}}}})
	schema := `{
		"type": "object",
		"properties": {"zeta": {"type": "string", "description": "<b>&</b>"}, "alpha": {"type": "integer"}},
		"required": ["zeta"],
		"additionalProperties": false,
		"$schema": "http://json-schema.org/draft-07/schema#"
	}`
	req := &provider.Request{
		Model:     "claude-opus-5-5",
		MaxTokens: 128000,
		System: []provider.Block{
			provider.TextBlock("You are corvid."),
			{Type: provider.BlockText, Text: "Main prompt", CacheControl: &provider.CacheControl{Type: "ephemeral"}},
		},
		Tools: []provider.ToolDef{
			{Name: "Bash", Description: "Run a command", InputSchema: json.RawMessage(schema)},
			{Name: "Bare", Description: "No schema"},
		},
		Messages: []provider.Message{
			{Role: provider.RoleUser, Content: []provider.Block{provider.TextBlock("list files")}},
			{Role: provider.RoleAssistant, Content: []provider.Block{
				{Type: provider.BlockThinking, Thinking: "ls it", Signature: "sig1"},
				{Type: provider.BlockRedactedThinking, Data: "xyz"},
				provider.TextBlock("Running ls."),
				{Type: provider.BlockToolUse, ID: "toolu_9", Name: "Bash", Input: json.RawMessage(`{"zeta":"ls","alpha":1}`)},
			}},
			{Role: provider.RoleUser, Content: []provider.Block{
				{Type: provider.BlockToolResult, ToolUseID: "toolu_9", IsError: true, Content: []provider.Block{
					provider.TextBlock("permission denied"),
					{Type: provider.BlockImage, Source: &provider.Source{Type: "base64", MediaType: "image/png", Data: "iVBORw0KGgo="}},
				}},
				provider.TextBlock("try again"),
			}},
		},
		Thinking: &provider.Thinking{Type: "enabled", BudgetTokens: 4000},
		Metadata: map[string]string{"user_id": `{"session_id":"s1"}`},
		Headers:  map[string]string{"X-Claude-Code-Session-Id": "sess-1", "anthropic-beta": "b2,b1"},
	}
	c := newTestClient(t, srv.URL, func(cfg *Config) {
		cfg.Headers = map[string]string{"Anthropic-Beta": "b1", "X-Gateway": "gw"}
	})
	assemble(t, c.Stream(context.Background(), req))

	rec := srv.Requests()
	if len(rec) != 1 {
		t.Fatalf("%d requests", len(rec))
	}
	r := rec[0]
	if r.Method != http.MethodPost || r.Path != "/v1/messages" || r.DecodeErr != nil {
		t.Fatalf("request %s %s (%v)", r.Method, r.Path, r.DecodeErr)
	}
	var body map[string]json.RawMessage
	if err := json.Unmarshal(r.Body, &body); err != nil {
		t.Fatal(err)
	}
	wantJSON := func(key string, v any) {
		t.Helper()
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if !jsonEqual(t, body[key], want) {
			t.Errorf("%s on the wire:\n got %s\nwant %s", key, body[key], want)
		}
	}
	wantJSON("model", "claude-opus-5-5")
	wantJSON("max_tokens", 128000)
	wantJSON("stream", true)
	wantJSON("system", []any{
		map[string]any{"type": "text", "text": "You are corvid."},
		map[string]any{"type": "text", "text": "Main prompt", "cache_control": map[string]any{"type": "ephemeral"}},
	})
	wantJSON("thinking", map[string]any{"type": "enabled", "budget_tokens": 4000})
	wantJSON("metadata", map[string]any{"user_id": `{"session_id":"s1"}`})
	// Thinking on: earlier thinking stays in context, as Claude Code asks.
	wantJSON("context_management", map[string]any{"edits": []any{map[string]any{"type": "clear_thinking_20251015", "keep": "all"}}})
	wantJSON("messages", req.Messages)

	var tools []map[string]json.RawMessage
	if err := json.Unmarshal(body["tools"], &tools); err != nil || len(tools) != 2 {
		t.Fatalf("tools %s (%v)", body["tools"], err)
	}
	var compact bytes.Buffer
	_ = json.Compact(&compact, []byte(schema))
	if string(tools[0]["input_schema"]) != compact.String() {
		t.Errorf("schema changed on the wire:\n got %s\nwant %s", tools[0]["input_schema"], compact.String())
	}
	if string(tools[1]["input_schema"]) != emptySchema {
		t.Errorf("schemaless tool sent %s", tools[1]["input_schema"])
	}
	if !bytes.Contains(r.Body, []byte(`"is_error":true`)) {
		t.Error("tool_result lost is_error")
	}

	h := r.Header
	for name, want := range map[string]string{
		"X-Api-Key":         "sk-test",
		"Anthropic-Version": "2023-06-01",
		"X-App":             "cli",
		"User-Agent":        "corvid/test",
		// The model's own betas first, then the configured and the
		// request's, without repeats.
		"Anthropic-Beta":           strings.Join(betasFor(capsOf("claude-opus-5-5"), false, false), ",") + ",b1,b2",
		"X-Gateway":                "gw",
		"X-Claude-Code-Session-Id": "sess-1",
		"Content-Type":             "application/json",
		"Authorization":            "",
	} {
		if got := h.Get(name); got != want {
			t.Errorf("header %s = %q, want %q", name, got, want)
		}
	}
	if req.Tools[1].InputSchema != nil {
		t.Error("encoding the request modified the caller's tools")
	}
}

func jsonEqual(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

func TestAuthHeaders(t *testing.T) {
	tests := []struct {
		name          string
		cfg           Config
		key, bearer   string
		wantAuthorize string
	}{
		{"api key", Config{APIKey: "sk-a"}, "sk-a", "", ""},
		{"auth token", Config{AuthToken: "tok-b"}, "", "tok-b", "Bearer tok-b"},
		{"both", Config{APIKey: "sk-a", AuthToken: "tok-b"}, "sk-a", "tok-b", "Bearer tok-b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := tt.key
			if want == "" {
				want = tt.bearer
			}
			srv := providertest.Start(t, providertest.Scenario{RequireAPIKey: want,
				Turns: []providertest.Turn{{Blocks: []providertest.Block{providertest.Text("ok")}}}})
			cfg := tt.cfg
			cfg.BaseURL = srv.URL
			c, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			assemble(t, c.Stream(context.Background(), simpleRequest()))
			h := srv.Requests()[0].Header
			if h.Get("X-Api-Key") != tt.key || h.Get("Authorization") != tt.wantAuthorize {
				t.Errorf("x-api-key %q authorization %q", h.Get("X-Api-Key"), h.Get("Authorization"))
			}
		})
	}
}

func TestHTTPErrors(t *testing.T) {
	tests := []struct {
		name      string
		turn      providertest.Turn
		status    int
		typ       string
		retryable bool
		retry     time.Duration
		hasRetry  bool
		check     func(*testing.T, *provider.APIError)
	}{
		{name: "400 prompt too long",
			turn:   providertest.Turn{Status: 400, ErrorMessage: "prompt is too long: 250000 tokens > 200000 maximum"},
			status: 400, typ: provider.ErrTypeInvalidRequest,
			check: func(t *testing.T, e *provider.APIError) {
				if !e.PromptTooLong() || e.PromptTokens != 250000 {
					t.Errorf("PromptTooLong %v, PromptTokens %d", e.PromptTooLong(), e.PromptTokens)
				}
			}},
		{name: "401", turn: providertest.Turn{Status: 401}, status: 401, typ: provider.ErrTypeAuthentication,
			check: func(t *testing.T, e *provider.APIError) {
				if e.Category() != "authentication_failed" || e.Message != "invalid x-api-key" {
					t.Errorf("category %q message %q", e.Category(), e.Message)
				}
			}},
		{name: "403", turn: providertest.Turn{Status: 403}, status: 403, typ: provider.ErrTypePermission},
		{name: "429 retry-after", turn: providertest.Turn{Status: 429, RetryAfter: "7"}, status: 429,
			typ: provider.ErrTypeRateLimit, retryable: true, retry: 7 * time.Second, hasRetry: true},
		{name: "429 retry-after fraction", turn: providertest.Turn{Status: 429, RetryAfter: "0.5"}, status: 429,
			typ: provider.ErrTypeRateLimit, retryable: true, retry: 500 * time.Millisecond, hasRetry: true},
		{name: "529", turn: providertest.Turn{Status: 529}, status: 529, typ: provider.ErrTypeOverloaded, retryable: true,
			check: func(t *testing.T, e *provider.APIError) {
				if !e.Overloaded() || e.Message != "Overloaded" {
					t.Errorf("overloaded %v message %q", e.Overloaded(), e.Message)
				}
			}},
		{name: "500", turn: providertest.Turn{Status: 500}, status: 500, typ: provider.ErrTypeAPI, retryable: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{tt.turn}})
			evs, err := collect(newTestClient(t, srv.URL).Stream(context.Background(), simpleRequest()))
			e := apiError(t, err)
			if len(evs) != 0 {
				t.Errorf("%d events before an HTTP error", len(evs))
			}
			if e.StatusCode != tt.status || e.Type != tt.typ || e.Retryable() != tt.retryable ||
				e.RetryAfter != tt.retry || e.HasRetry != tt.hasRetry || e.MidStream {
				t.Errorf("got %+v", e)
			}
			if e.RequestID != "req_fake000000" {
				t.Errorf("request id %q", e.RequestID)
			}
			if e.Message == "" || e.Err != nil {
				t.Errorf("message %q err %v", e.Message, e.Err)
			}
			if tt.check != nil {
				tt.check(t, e)
			}
		})
	}
}

func TestStreamFailures(t *testing.T) {
	blocks := []providertest.Block{providertest.Text("a fairly long answer that is streamed in chunks")}
	tests := []struct {
		name  string
		turn  providertest.Turn
		typ   string
		check func(*testing.T, *provider.APIError)
	}{
		{name: "error event", turn: providertest.Turn{Blocks: blocks, CutAfter: 3, ErrorEvent: provider.ErrTypeOverloaded},
			typ: provider.ErrTypeOverloaded, check: func(t *testing.T, e *provider.APIError) {
				if !e.Overloaded() || !e.Retryable() || e.Message != "Overloaded" {
					t.Errorf("overloaded %v retryable %v message %q", e.Overloaded(), e.Retryable(), e.Message)
				}
			}},
		{name: "cut connection", turn: providertest.Turn{Blocks: blocks, CutAfter: 4},
			typ: provider.ErrTypeConnection, check: func(t *testing.T, e *provider.APIError) {
				if e.Err == nil || !e.Retryable() {
					t.Errorf("err %v retryable %v", e.Err, e.Retryable())
				}
			}},
		{name: "malformed", turn: providertest.Turn{Blocks: blocks, CutAfter: 3, Malformed: true},
			typ: provider.ErrTypeMalformed, check: func(t *testing.T, e *provider.APIError) {
				var syn *json.SyntaxError
				if !errors.As(e, &syn) {
					t.Errorf("err %v is not a JSON syntax error", e.Err)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{tt.turn}})
			evs, err := collect(newTestClient(t, srv.URL).Stream(context.Background(), simpleRequest()))
			e := apiError(t, err)
			if e.Type != tt.typ || e.StatusCode != 0 || !e.MidStream || len(evs) == 0 {
				t.Errorf("got %+v after %d events", e, len(evs))
			}
			if e.RequestID != "req_fake000000" {
				t.Errorf("request id %q", e.RequestID)
			}
			tt.check(t, e)
		})
	}
}

func TestContextCancel(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{{
		Blocks: []providertest.Block{providertest.Text("slow")}, ChunkDelay: time.Minute}}})
	cause := errors.New("user pressed escape")
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	var n int
	start := time.Now()
	var err error
	for ev, e := range newTestClient(t, srv.URL).Stream(ctx, simpleRequest()) {
		if e != nil {
			err = e
			break
		}
		n++
		if ev.Type == provider.EventMessageStart {
			cancel(cause)
		}
	}
	if time.Since(start) > 5*time.Second {
		t.Errorf("cancellation took %v", time.Since(start))
	}
	ae := apiError(t, err)
	if !errors.Is(err, cause) || ae.Err != cause || n != 1 {
		t.Errorf("err %v (Err %v) after %d events", err, ae.Err, n)
	}
}

func TestContextCancelledBeforeRequest(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{AllowUnused: true,
		Turns: []providertest.Turn{{Blocks: []providertest.Block{providertest.Text("x")}}}})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := collect(newTestClient(t, srv.URL).Stream(ctx, simpleRequest()))
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err %v", err)
	}
	apiError(t, err)
}

func TestEarlyBreakClosesBody(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{{
		Blocks: []providertest.Block{providertest.Text("never read")}, ChunkDelay: time.Minute}}})
	rec := &closeRecorder{}
	c := newTestClient(t, srv.URL, func(cfg *Config) { cfg.HTTPClient = &http.Client{Transport: rec} })
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range c.Stream(context.Background(), simpleRequest()) {
			break
		}
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("breaking out of the stream did not return")
	}
	if rec.closed.Load() != 1 {
		t.Errorf("%d bodies closed", rec.closed.Load())
	}
}

func TestStreamWithRetry(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Status: 429, RetryAfter: "3"},
		{Status: 529},
		{Blocks: []providertest.Block{providertest.Text("finally")}},
	}})
	var slept []time.Duration
	pol := provider.RetryPolicy{MaxRetries: 5, Sleep: func(ctx context.Context, d time.Duration) error {
		slept = append(slept, d)
		return nil
	}}
	c := newTestClient(t, srv.URL)
	a := provider.NewAssembler()
	var retries []*provider.RetryInfo
	for ev, err := range provider.StreamWithRetry(context.Background(), c, simpleRequest(), pol) {
		if err != nil {
			t.Fatal(err)
		}
		if ev.Type == provider.EventRetry {
			retries = append(retries, ev.Retry)
			continue
		}
		if _, _, err := a.Add(ev); err != nil {
			t.Fatal(err)
		}
	}
	if a.Message().Text() != "finally" || !a.Done() {
		t.Errorf("message %+v", a.Message())
	}
	if len(retries) != 2 || len(srv.Requests()) != 3 {
		t.Fatalf("%d retries, %d requests", len(retries), len(srv.Requests()))
	}
	r1, r2 := retries[0], retries[1]
	if r1.Attempt != 1 || r1.Err.StatusCode != 429 || r1.Delay != 3*time.Second || !r1.Err.HasRetry {
		t.Errorf("first retry %+v (err %+v)", r1, r1.Err)
	}
	if r2.Attempt != 2 || !r2.Err.Overloaded() || r2.Err.HasRetry {
		t.Errorf("second retry %+v (err %+v)", r2, r2.Err)
	}
	if len(slept) != 2 || slept[0] != 3*time.Second {
		t.Errorf("slept %v", slept)
	}
}
