package compact

import (
	"context"
	"strings"
	"testing"
	"time"

	"corvid/internal/model"
	"corvid/internal/provider"
)

func TestFlatten(t *testing.T) {
	thinking := provider.Block{Type: provider.BlockThinking, Thinking: "hmm", Signature: "sig"}
	cached := text("cached prompt")
	cached.CacheControl = &provider.CacheControl{Type: "ephemeral"}
	imgResult := provider.Block{Type: provider.BlockToolResult, ToolUseID: "t2",
		Content: []provider.Block{text("see "), image()}}
	in := []provider.Message{
		user(cached, image()),
		assistant(thinking), // only thinking: disappears
		user(text("  ")),    // blank: disappears, the prompts merge
		user(text("again")),
		assistant(call("t1", "Bash", ""), call("t2", "Read", `{"file_path":"/a"}`)),
		user(provider.ToolResultBlock("t1", "exit 1", true), imgResult, provider.ToolResultBlock("zz", "?", false)),
	}
	before := snapshot(t, in)
	out := flatten(in)
	if snapshot(t, in) != before {
		t.Fatal("flatten modified its input")
	}
	if len(out) != 3 || Validate(out) != nil {
		t.Fatalf("flatten gave %d messages (%v), want 3 alternating", len(out), Validate(out))
	}
	if b := out[0].Content; len(b) != 3 || b[0].CacheControl != nil || b[1].Type != provider.BlockImage || b[2].Text != "again" {
		t.Errorf("first message %+v", b)
	}
	want := []string{
		"[Tool call Bash (id t1), input: {}]",
		`[Tool call Read (id t2), input: {"file_path":"/a"}]`,
		"[Tool error of Bash (id t1): exit 1]",
		"[Tool result of Read (id t2): see [image]]",
		"[Tool result of unknown tool (id zz): ?]",
	}
	got := strings.Split(strings.TrimSpace(allText(out[1:])), "\n")
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("flattened tools:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestClip(t *testing.T) {
	if got := clip("short", 10); got != "short" {
		t.Errorf("clip kept %q", got)
	}
	got := clip(strings.Repeat("é", 10), 5) // 2-byte runes: cut back to 4 bytes
	if got != "éé… [16 more characters]" {
		t.Errorf("clip = %q", got)
	}
}

func TestCompactStreamOutcomes(t *testing.T) {
	m := model.Resolve("claude-sonnet-4-5")
	refusal := answerEvents("no")
	refusal[5].StopReason = provider.StopRefusal
	tests := []struct {
		name   string
		script []outcome
		err    string
	}{
		{"refusal", []outcome{{events: refusal}}, "declined"},
		{"ended early", []outcome{{events: answerEvents("cut")[:4]}}, "ended early"},
		{"delta for a block never opened", []outcome{{events: answerEvents("x")[2:]}}, "unopened block"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := &fakeProvider{script: tc.script}
			_, err := compactor(f).Compact(context.Background(), Request{Messages: history(), Model: m})
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("err = %v, want %q", err, tc.err)
			}
		})
	}
}

func TestCompactReportsRetries(t *testing.T) {
	overloaded := &provider.APIError{StatusCode: 529, Type: provider.ErrTypeOverloaded, Message: "busy"}
	f := &fakeProvider{script: []outcome{{err: overloaded}, {answer: answer}}}
	var retries []*provider.RetryInfo
	c := &Compactor{Provider: f, OnRetry: func(r *provider.RetryInfo) { retries = append(retries, r) },
		Retry:   provider.RetryPolicy{MaxRetries: 2, Sleep: func(context.Context, time.Duration) error { return nil }},
		System:  []provider.Block{text("custom system")},
		Headers: map[string]string{"anthropic-beta": "a-beta"}}
	m := model.Resolve("claude-opus-4-6[1m]")
	if _, err := c.Compact(context.Background(), Request{Messages: history(), Model: m}); err != nil {
		t.Fatal(err)
	}
	if len(retries) != 1 || retries[0].Err != overloaded || len(f.reqs) != 2 {
		t.Fatalf("%d retries reported over %d requests", len(retries), len(f.reqs))
	}
	req := f.reqs[1]
	if req.System[0].Text != "custom system" || req.Headers["anthropic-beta"] != "a-beta" || !req.LongContext {
		t.Errorf("system %q, headers %v", req.System[0].Text, req.Headers)
	}
	if c.Headers["anthropic-beta"] != "a-beta" {
		t.Error("the Compactor's headers were modified")
	}
}

func TestCompactNeedsProviderAndModel(t *testing.T) {
	if _, err := (&Compactor{}).Compact(context.Background(), Request{Messages: history(), Model: model.Info{ID: "m"}}); err == nil ||
		!strings.Contains(err.Error(), "no provider") {
		t.Errorf("no provider: err = %v", err)
	}
	f := &fakeProvider{}
	if _, err := compactor(f).Compact(context.Background(), Request{Messages: history()}); err == nil ||
		!strings.Contains(err.Error(), "no model") {
		t.Errorf("no model: err = %v", err)
	}
}
