package sdk

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"corvid/internal/cost"
	"corvid/internal/event"
	"corvid/internal/provider"
	"corvid/internal/tool"
)

// counter returns a deterministic uuid source: uuid-1, uuid-2, …
func counter() func() string {
	n := 0
	return func() string {
		n++
		return fmt.Sprintf("uuid-%d", n)
	}
}

// testTime is the fixed clock of rendered frames.
var testTime = time.Date(2026, 11, 26, 1, 2, 3, 456_000_000, time.UTC)

func testOpts(f Format) Options {
	return Options{Format: f, NewUUID: counter(), Now: func() time.Time { return testTime }}
}

// render publishes evs to a fresh renderer and returns its output.
func render(t *testing.T, opts Options, evs ...event.Event) string {
	t.Helper()
	var buf bytes.Buffer
	r, err := New(&buf, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range evs {
		r.Publish(ev)
	}
	if err := r.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	return buf.String()
}

// lines splits NDJSON output, checking the trailing newline.
func lines(t *testing.T, out string) []string {
	t.Helper()
	if out == "" {
		return nil
	}
	if !strings.HasSuffix(out, "\n") {
		t.Fatalf("output does not end in a newline: %q", out)
	}
	return strings.Split(strings.TrimSuffix(out, "\n"), "\n")
}

// keys returns the top-level keys of a JSON object in the order written.
func keys(t *testing.T, obj string) []string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(obj))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not an object: %s", obj)
	}
	var ks []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		ks = append(ks, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return ks
}

// sameJSON fails unless got and want decode to equal values.
func sameJSON(t *testing.T, got, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Fatalf("got invalid JSON %s: %v", got, err)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("want invalid JSON %s: %v", want, err)
	}
	if d := cmp.Diff(w, g); d != "" {
		t.Errorf("JSON mismatch (-want +got):\n%s\ngot: %s", d, got)
	}
}

// Sample events of one small run.
var (
	evInit = event.Init{SessionID: "sess-1", Cwd: "/work", Model: "claude-sonnet-4-5",
		Tools: []string{"Bash", "Read"}, PermissionMode: "default", APIKeySource: "ANTHROPIC_API_KEY"}
	evText = event.Assistant{UUID: "a-1", MessageID: "msg_1", Model: "claude-sonnet-4-5",
		Block: provider.TextBlock("Let me look."),
		Usage: provider.Usage{InputTokens: 10, OutputTokens: 3, CacheCreationInputTokens: 7, CacheReadInputTokens: 2}}
	evToolUse = event.Assistant{UUID: "a-2", MessageID: "msg_1", Model: "claude-sonnet-4-5",
		Block: provider.Block{Type: provider.BlockToolUse, ID: "toolu_1", Name: "Bash",
			Input: json.RawMessage(`{"command":"ls"}`)}}
	evToolResult = event.ToolResult{UUID: "u-1", ToolUseID: "toolu_1",
		Block: provider.ToolResultBlock("toolu_1", "a.go\nb.go", false)}
	evRetry = event.Retry{Attempt: 1, MaxRetries: 10, Delay: 1500 * time.Millisecond,
		Status: 529, Category: "overloaded", Message: "Overloaded"}
	evNotice   = event.Notice{Text: "Switched to fallback model claude-haiku-4-5"}
	evProgress = event.ToolProgress{ToolUseID: "toolu_1", ToolName: "Bash",
		Progress: tool.Progress{}, Elapsed: time.Second}
	evStream = event.MessageStop{}
	evResult = event.Result{Subtype: event.SubtypeSuccess, Text: "Done.", NumTurns: 2,
		Duration: 1234567 * time.Microsecond, DurationAPI: 987 * time.Millisecond,
		StopReason: "end_turn", TotalCostUSD: 0.0016, TerminalReason: "completed",
		Usage: provider.Usage{InputTokens: 200, OutputTokens: 40},
		ModelUsage: map[string]cost.ModelUsage{"claude-sonnet-4-5": {InputTokens: 200,
			OutputTokens: 40, CostUSD: 0.0016, ContextWindow: 200000, MaxOutputTokens: 64000}}}
)

// run is the sample run, in publication order.
func run() []event.Event {
	return []event.Event{evInit, evStream, evText, evToolUse, evProgress, evToolResult,
		evRetry, evNotice, evResult}
}

// failWriter fails every write after the first n.
type failWriter struct {
	n, calls int
}

func (f *failWriter) Write(p []byte) (int, error) {
	f.calls++
	if f.calls > f.n {
		return 0, io.ErrClosedPipe
	}
	return len(p), nil
}
