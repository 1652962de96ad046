package session

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"corvid/internal/provider"
)

// writeConversation records two turns in the order the engine uses: tool
// results land between later blocks of the same streamed response, and a
// reminder follows as a meta user entry. It returns the expected history.
func writeConversation(t testing.TB, w *Writer) []provider.Message {
	t.Helper()
	prompt := text("Fix the <bug> in \"main.go\" — ünïcode ✓ 🐦\n\ttabs")
	must(w.User([]provider.Block{prompt}, UserOptions{PermissionMode: "default"}))
	thinking := provider.Block{Type: provider.BlockThinking, Thinking: "plan", Signature: "sig=="}
	say := text("Looking.")
	readA := toolUse("toolu_A", "Read", `{"file_path":"/w/p/main.go"}`)
	grepB := toolUse("toolu_B", "Grep", `{"pattern":"a\\\\b\"c"}`)
	usage := provider.Usage{InputTokens: 10, OutputTokens: 5}
	a := func(b provider.Block, stop string) string {
		return must(w.Assistant(AssistantEntry{MessageID: "msg_1", Model: "claude-x", Block: b,
			StopReason: stop, Usage: usage, RequestID: "req_1"}))
	}
	a(thinking, "")
	a(say, "")
	uA := a(readA, "")
	resA := result("toolu_A", "package main\n\nfunc main() {}\n")
	must(w.ToolResult(resA, map[string]any{"type": "text", "lines": 3}, uA))
	uB := a(grepB, "tool_use")
	resB := provider.ToolResultBlock("toolu_B", "no matches", true)
	must(w.ToolResult(resB, nil, uB))
	reminder := text("<system-reminder>todo list is empty</system-reminder>")
	must(w.User([]provider.Block{reminder}, UserOptions{IsMeta: true}))
	done := text("Fixed.")
	must(w.Assistant(AssistantEntry{MessageID: "msg_2", Model: "claude-y", Block: done, StopReason: "end_turn"}))
	next := text("thanks")
	must(w.User([]provider.Block{next}, UserOptions{}))
	return []provider.Message{
		user(prompt),
		assistant(thinking, say, readA, grepB),
		user(resA, resB, reminder),
		assistant(done),
		user(next),
	}
}

func TestRoundTrip(t *testing.T) {
	w, path := newTestWriter(t)
	want := writeConversation(t, w)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	tr := load(t, path)
	if d := diffMessages(want, tr.Messages); d != "" {
		t.Fatalf("messages (-want +got):\n%s", d)
	}
	if tr.Leaf != w.Leaf() || tr.Leaf == "" {
		t.Errorf("Leaf = %q, writer leaf %q", tr.Leaf, w.Leaf())
	}
	if tr.Model != "claude-y" || tr.SessionID != testMeta.SessionID || tr.Path != path {
		t.Errorf("Model %q SessionID %q Path %q", tr.Model, tr.SessionID, tr.Path)
	}
	if tr.Skipped != 0 || tr.Repaired != 0 || tr.Compacted || tr.CostState != nil {
		t.Errorf("Skipped %d Repaired %d Compacted %v CostState %s", tr.Skipped, tr.Repaired, tr.Compacted, tr.CostState)
	}
}

var timestampRE = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$`)

func TestEntryShape(t *testing.T) {
	w, path := newTestWriter(t)
	u1 := must(w.User([]provider.Block{text("hi")}, UserOptions{PromptID: "p1"}))
	a1 := must(w.Assistant(AssistantEntry{MessageID: "msg_1", Model: "m", Block: text("yo"),
		Usage: provider.Usage{InputTokens: 3, CacheReadInputTokens: 2}}))
	must(w.Assistant(AssistantEntry{MessageID: "msg_2", Model: "m", Block: text("API Error: 500"), APIError: true}))
	if err := w.CostState(map[string]int{"turns": 1}); err != nil {
		t.Fatal(err)
	}
	leaf := w.Leaf()
	b := must(w.CompactBoundary("auto", 12345))
	must(w.System("informational", "note"))
	es := lines(t, path)
	if len(es) != 6 {
		t.Fatalf("%d lines", len(es))
	}
	for i, e := range es {
		if i == 3 {
			continue // cost-state
		}
		if e["isSidechain"] != false || e["userType"] != "external" || e["sessionId"] != testMeta.SessionID ||
			e["cwd"] != "/w/p" || e["version"] != "0.1.0" || e["gitBranch"] != "main" || e["entrypoint"] != "cli" {
			t.Errorf("line %d envelope: %v", i, e)
		}
		if !timestampRE.MatchString(e["timestamp"].(string)) || e["uuid"] == "" {
			t.Errorf("line %d timestamp/uuid: %v", i, e)
		}
	}
	if es[0]["parentUuid"] != nil || es[0]["uuid"] != u1 || es[0]["promptId"] != "p1" || es[1]["parentUuid"] != u1 {
		t.Errorf("chain: %v / %v", es[0], es[1])
	}
	msg := es[1]["message"].(map[string]any)
	usage := msg["usage"].(map[string]any)
	if msg["id"] != "msg_1" || msg["type"] != "message" || msg["role"] != "assistant" || msg["stop_reason"] != nil ||
		msg["stop_sequence"] != nil || len(msg["content"].([]any)) != 1 || usage["cache_read_input_tokens"] != 2.0 ||
		usage["cache_creation_input_tokens"] != 0.0 {
		t.Errorf("assistant message: %v", msg)
	}
	if m := es[2]["message"].(map[string]any); m["model"] != "<synthetic>" || es[2]["isApiErrorMessage"] != true ||
		es[2]["parentUuid"] != a1 {
		t.Errorf("synthetic: %v", es[2])
	}
	if es[3]["type"] != "cost-state" || es[3]["costState"].(map[string]any)["turns"] != 1.0 || es[3]["uuid"] != nil {
		t.Errorf("cost-state: %v", es[3])
	}
	meta := es[4]["compactMetadata"].(map[string]any)
	if es[4]["parentUuid"] != nil || es[4]["logicalParentUuid"] != leaf || es[4]["subtype"] != "compact_boundary" ||
		meta["trigger"] != "auto" || meta["preTokens"] != 12345.0 || es[4]["uuid"] != b {
		t.Errorf("boundary: %v", es[4])
	}
	if es[5]["parentUuid"] != b || es[5]["content"] != "note" || es[5]["level"] != "info" {
		t.Errorf("system: %v", es[5])
	}
	if raw := must(os.ReadFile(path)); strings.Contains(string(raw), `\u003c`) {
		t.Error("HTML characters must not be escaped")
	}
}

func TestMarkRewindDropsPartialResponse(t *testing.T) {
	w, path := newTestWriter(t)
	must(w.User([]provider.Block{text("go")}, UserOptions{}))
	m := w.Mark()
	u := must(w.Assistant(AssistantEntry{MessageID: "msg_bad", Model: "m", Block: toolUse("t1", "Bash", `{}`)}))
	must(w.ToolResult(result("t1", "partial"), nil, u))
	must(w.Assistant(AssistantEntry{MessageID: "msg_bad", Model: "m", Block: text("cut off")}))
	w.Rewind(m)
	must(w.Assistant(AssistantEntry{MessageID: "msg_ok", Model: "m", Block: text("done")}))
	tr := load(t, path)
	want := []provider.Message{user(text("go")), assistant(text("done"))}
	if d := diffMessages(want, tr.Messages); d != "" {
		t.Fatalf("(-want +got):\n%s", d)
	}
	if tr.Repaired != 0 {
		t.Errorf("Repaired = %d", tr.Repaired)
	}
}

func TestFileAndDirModes(t *testing.T) {
	w, path := newTestWriter(t)
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("file created before the first entry: %v", err)
	}
	must(w.User([]provider.Block{text("x")}, UserOptions{}))
	if info := must(os.Stat(path)); info.Mode().Perm() != 0o600 {
		t.Errorf("file mode %v", info.Mode())
	}
	for _, d := range []string{filepath.Dir(path), filepath.Dir(filepath.Dir(path))} {
		if info := must(os.Stat(d)); info.Mode().Perm() != 0o700 {
			t.Errorf("dir %s mode %v", d, info.Mode())
		}
	}
}

func TestConcurrentToolResults(t *testing.T) {
	w, path := newTestWriter(t)
	must(w.User([]provider.Block{text("run them all")}, UserOptions{}))
	const n = 64
	var uses []provider.Block
	for i := range n {
		b := toolUse(idOf(i), "Bash", `{"command":"true"}`)
		must(w.Assistant(AssistantEntry{MessageID: "msg_1", Model: "m", Block: b}))
		uses = append(uses, b)
	}
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			if _, err := w.ToolResult(result(idOf(i), strings.Repeat("out ", 500)), map[string]int{"i": i}, ""); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	tr := load(t, path)
	if tr.Repaired != 0 || tr.Skipped != 0 || len(tr.Messages) != 3 || len(tr.Messages[2].Content) != n {
		t.Fatalf("Repaired %d Skipped %d messages %d", tr.Repaired, tr.Skipped, len(tr.Messages))
	}
	seen := map[string]bool{}
	for _, b := range tr.Messages[2].Content {
		seen[b.ToolUseID] = true
	}
	if len(seen) != n {
		t.Errorf("%d distinct results, want %d", len(seen), n)
	}
}

func idOf(i int) string { return fmt.Sprintf("toolu_%02d", i) }

// TestToolResultContentShape: a text-only tool result is written with its
// content as a string, as Claude Code's transcripts have it (and read back
// the same); a result with an image keeps the array.
func TestToolResultContentShape(t *testing.T) {
	w, path := newTestWriter(t)
	u := must(w.User([]provider.Block{text("go")}, UserOptions{}))
	must(w.Assistant(AssistantEntry{MessageID: "msg_1", Model: "m", Block: toolUse("t1", "Read", `{}`)}))
	must(w.Assistant(AssistantEntry{MessageID: "msg_1", Model: "m", Block: toolUse("t2", "Read", `{}`)}))
	must(w.ToolResult(result("t1", "one line"), nil, u))
	img := provider.Block{Type: provider.BlockToolResult, ToolUseID: "t2", Content: []provider.Block{
		{Type: provider.BlockImage, Source: &provider.Source{Type: "base64", MediaType: "image/png", Data: "AAA"}}}}
	must(w.ToolResult(img, nil, u))
	es := lines(t, path)
	content := func(e map[string]any) any {
		return e["message"].(map[string]any)["content"].([]any)[0].(map[string]any)["content"]
	}
	if c, ok := content(es[3]).(string); !ok || c != "one line" {
		t.Errorf("text result content %#v, want the string", content(es[3]))
	}
	if _, ok := content(es[4]).([]any); !ok {
		t.Errorf("image result content %#v, want an array", content(es[4]))
	}
	tr := load(t, path)
	last := tr.Messages[len(tr.Messages)-1]
	if got := resultText(last, "t1"); got != "one line" {
		t.Errorf("read back %q", got)
	}
}

func resultText(m provider.Message, id string) string {
	for _, b := range m.Content {
		if b.Type == provider.BlockToolResult && b.ToolUseID == id {
			return provider.Message{Content: b.Content}.Text()
		}
	}
	return ""
}
