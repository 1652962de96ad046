package session

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"corvid/internal/provider"
)

func TestTornTail(t *testing.T) {
	w, path := newTestWriter(t)
	writeConversation(t, w)
	w.Close()
	data := must(os.ReadFile(path))
	lastStart := bytes.LastIndexByte(data[:len(data)-1], '\n') + 1
	prefix := filepath.Join(t.TempDir(), "prefix.jsonl")
	os.WriteFile(prefix, data[:lastStart], 0o600)
	want := load(t, prefix)
	for _, cut := range []int{lastStart + 1, lastStart + 10, lastStart + (len(data)-lastStart)/2, len(data) - 3, len(data) - 2} {
		torn := filepath.Join(t.TempDir(), "torn.jsonl")
		os.WriteFile(torn, data[:cut], 0o600)
		got := load(t, torn)
		if d := diffMessages(want.Messages, got.Messages); d != "" || got.Skipped != 1 || got.Leaf != want.Leaf {
			t.Errorf("cut at %d: Skipped %d Leaf %q want %q (-want +got):\n%s", cut, got.Skipped, got.Leaf, want.Leaf, d)
		}
	}
	// Cut just before the final newline: the last entry is whole.
	whole := filepath.Join(t.TempDir(), "whole.jsonl")
	os.WriteFile(whole, data[:len(data)-1], 0o600)
	if got := load(t, whole); got.Skipped != 0 || len(got.Messages) != 5 {
		t.Errorf("no newline at the end: Skipped %d, %d messages", got.Skipped, len(got.Messages))
	}
}

func TestTornToolUseGetsSyntheticResult(t *testing.T) {
	w, path := newTestWriter(t)
	must(w.User([]provider.Block{text("go")}, UserOptions{}))
	must(w.Assistant(AssistantEntry{MessageID: "m1", Model: "m", Block: toolUse("t1", "Bash", `{"command":"sleep 100"}`)}))
	w.Close()
	tr := load(t, path) // killed while the tool ran
	if len(tr.Messages) != 3 || tr.Repaired != 1 {
		t.Fatalf("Repaired %d, messages %+v", tr.Repaired, tr.Messages)
	}
	r := tr.Messages[2].Content[0]
	if r.Type != provider.BlockToolResult || r.ToolUseID != "t1" || !r.IsError {
		t.Errorf("synthetic result %+v", r)
	}
}

func TestMalformedLinesAreSkipped(t *testing.T) {
	w, path := newTestWriter(t)
	must(w.User([]provider.Block{text("one")}, UserOptions{}))
	appendLines(t, path, "not json at all", `{"type":"user","uuid":"zz","message":`, `{"type":"user"} trailing`, "", "   ")
	must(w.Assistant(AssistantEntry{MessageID: "m1", Model: "m", Block: text("two")}))
	w.Close()
	tr := load(t, path)
	want := []provider.Message{user(text("one")), assistant(text("two"))}
	if d := diffMessages(want, tr.Messages); d != "" || tr.Skipped != 3 {
		t.Errorf("Skipped %d (-want +got):\n%s", tr.Skipped, d)
	}
}

func TestBadMessageOnChainIsSkipped(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.jsonl")
	appendLines(t, path,
		`{"type":"user","uuid":"u1","parentUuid":null,"message":{"role":"user","content":"hi"}}`,
		`{"type":"assistant","uuid":"a1","parentUuid":"u1","message":{"id":"m","content":[{"type":"text","text":"\x"}]}}`,
		`{"type":"user","uuid":"u2","parentUuid":"a1","message":{"role":"user","content":"again"}}`)
	tr := load(t, path)
	if d := diffMessages([]provider.Message{user(text("hi"), text("again"))}, tr.Messages); d != "" || tr.Skipped != 1 {
		t.Errorf("Skipped %d (-want +got):\n%s", tr.Skipped, d)
	}
}

// TestClaudeCodeShapes reads entries as Claude Code writes them: string
// content, unknown types inside the chain, unknown fields, sidechains.
func TestClaudeCodeShapes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cc.jsonl")
	appendLines(t, path,
		`{"type":"summary","summary":"A title","leafUuid":"x"}`,
		`{"type":"file-history-snapshot","messageId":"u1","snapshot":{"trackedFileBackups":{}}}`,
		`{"parentUuid":null,"isSidechain":false,"userType":"external","cwd":"/p","sessionId":"s","version":"2.1.330","gitBranch":"","type":"user","message":{"role":"user","content":"list files"},"uuid":"u1","timestamp":"2026-01-01T00:00:00.000Z","thinkingMetadata":{"level":"high"}}`,
		`{"parentUuid":"u1","type":"attachment","attachment":{"type":"date"},"uuid":"at1"}`,
		`{"parentUuid":"at1","type":"assistant","message":{"id":"msg_01","type":"message","role":"assistant","model":"claude-opus-5-5","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"},"caller":{"type":"direct"}}],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"service_tier":"standard"},"container":null},"requestId":"req_1","uuid":"a1"}`,
		`{"parentUuid":"a1","type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_1","type":"tool_result","content":"a.go\nb.go","is_error":false}]},"toolUseResult":{"stdout":"a.go\nb.go","stderr":"","interrupted":false},"sourceToolAssistantUUID":"a1","uuid":"r1"}`,
		`{"parentUuid":"r1","isSidechain":true,"type":"user","message":{"role":"user","content":"sidechain"},"uuid":"sc1"}`,
		`{"parentUuid":"r1","type":"assistant","message":{"id":"msg_02","model":"claude-opus-5-5","content":[{"type":"text","text":"Two files."}]},"uuid":"a2"}`,
		`{"type":"last-prompt","lastPrompt":"list files"}`,
		`{"type":"custom-title","customTitle":"x","sessionId":"s"}`)
	tr := load(t, path)
	ok := result("toolu_1", "a.go\nb.go")
	ok.ReportIsError = true // the explicit is_error:false is kept
	want := []provider.Message{
		user(text("list files")),
		assistant(toolUse("toolu_1", "Bash", `{"command":"ls"}`)),
		user(ok),
		assistant(text("Two files.")),
	}
	if d := diffMessages(want, tr.Messages); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if tr.Skipped != 0 || tr.Repaired != 0 || tr.Leaf != "a2" || tr.Model != "claude-opus-5-5" {
		t.Errorf("Skipped %d Repaired %d Leaf %q Model %q", tr.Skipped, tr.Repaired, tr.Leaf, tr.Model)
	}
}

func TestCompactBoundaryStartsTheChain(t *testing.T) {
	w, path := newTestWriter(t)
	writeConversation(t, w)
	before := w.Leaf()
	b := must(w.CompactBoundary("manual", 9000))
	summary := text("Summary of the work so far.")
	must(w.User([]provider.Block{summary}, UserOptions{IsCompactSummary: true}))
	tail := []provider.Message{assistant(text("kept"), toolUse("t9", "Read", `{}`)), user(result("t9", "ok"))}
	if err := w.WriteMessages(tail, "claude-z"); err != nil {
		t.Fatal(err)
	}
	w.Close()
	tr := load(t, path)
	want := append([]provider.Message{user(summary)}, tail...)
	if d := diffMessages(want, tr.Messages); d != "" || !tr.Compacted || tr.Model != "claude-z" {
		t.Errorf("Compacted %v Model %q (-want +got):\n%s", tr.Compacted, tr.Model, d)
	}
	es := lines(t, path)
	for _, e := range es {
		if e["uuid"] == b && e["logicalParentUuid"] != before {
			t.Errorf("boundary logicalParentUuid = %v, want %s", e["logicalParentUuid"], before)
		}
	}
}

func TestCostStateLastWins(t *testing.T) {
	w, path := newTestWriter(t)
	must(w.User([]provider.Block{text("x")}, UserOptions{}))
	w.CostState(map[string]float64{"usd": 1})
	leaf := w.Leaf()
	w.CostState(map[string]float64{"usd": 2.5})
	if w.Leaf() != leaf {
		t.Error("cost-state must not move the chain")
	}
	w.Close()
	if tr := load(t, path); string(tr.CostState) != `{"usd":2.5}` || tr.Leaf != leaf {
		t.Errorf("CostState %s Leaf %q", tr.CostState, tr.Leaf)
	}
}

func TestSyntheticAPIErrorsAreLeftOut(t *testing.T) {
	w, path := newTestWriter(t)
	must(w.User([]provider.Block{text("hi")}, UserOptions{}))
	must(w.Assistant(AssistantEntry{MessageID: "m0", Model: "real", Block: text("hello")}))
	must(w.User([]provider.Block{text("more")}, UserOptions{}))
	must(w.Assistant(AssistantEntry{MessageID: "e1", Block: text("API Error: 529 overloaded"), APIError: true}))
	w.Close()
	tr := load(t, path)
	want := []provider.Message{user(text("hi")), assistant(text("hello")), user(text("more"))}
	if d := diffMessages(want, tr.Messages); d != "" || tr.Model != "real" {
		t.Errorf("Model %q (-want +got):\n%s", tr.Model, d)
	}
}

func TestResumeAppendsToTheChain(t *testing.T) {
	w, path := newTestWriter(t)
	want := writeConversation(t, w)
	w.Close()
	tr := load(t, path)
	w2 := NewWriter(path, testMeta)
	w2.SetParent(tr.Leaf)
	reply := text("You're welcome.")
	must(w2.Assistant(AssistantEntry{MessageID: "m9", Model: "claude-y", Block: reply}))
	w2.Close()
	want = append(want, assistant(reply))
	if d := diffMessages(want, load(t, path).Messages); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestFork(t *testing.T) {
	w, path := newTestWriter(t)
	want := writeConversation(t, w)
	w.CostState(map[string]int{"n": 7})
	w.Close()
	src := load(t, path)
	meta := testMeta
	meta.SessionID = "99999999-0000-0000-0000-000000000000"
	dst := filepath.Join(filepath.Dir(path), meta.SessionID+".jsonl")
	fw := must(Fork(src, dst, meta))
	must(fw.User([]provider.Block{text("forked on")}, UserOptions{}))
	fw.Close()
	got := load(t, dst)
	want[len(want)-1].Content = append(want[len(want)-1].Content, text("forked on"))
	if d := diffMessages(want, got.Messages); d != "" || string(got.CostState) != `{"n":7}` || got.Model != "claude-y" {
		t.Errorf("CostState %s Model %q (-want +got):\n%s", got.CostState, got.Model, d)
	}
	for _, e := range lines(t, dst) {
		if e["sessionId"] != meta.SessionID {
			t.Fatalf("entry of the fork carries session %v", e["sessionId"])
		}
	}
	if d := diffMessages(src.Messages, load(t, path).Messages); d != "" {
		t.Errorf("the source changed:\n%s", d)
	}
	if _, err := Fork(src, dst, meta); !errors.Is(err, fs.ErrExist) {
		t.Errorf("fork onto an existing file: %v", err)
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "nope.jsonl"))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("err = %v", err)
	}
}

func TestEmptyAndMetadataOnlyFiles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "e.jsonl")
	os.WriteFile(path, nil, 0o600)
	if tr := load(t, path); tr.Leaf != "" || tr.Messages != nil || tr.Skipped != 0 {
		t.Errorf("%+v", tr)
	}
	appendLines(t, path, `{"type":"cost-state","costState":{"a":1}}`)
	if tr := load(t, path); tr.Leaf != "" || string(tr.CostState) != `{"a":1}` {
		t.Errorf("%+v", tr)
	}
}

func TestOverlongLinesAreSkipped(t *testing.T) {
	long := `{"type":"user","pad":"` + strings.Repeat("y", 300) + `"}`
	in := "{\"a\":1}\n" + long + "\n{\"b\":2}\n" + long
	s := newLineScanner(strings.NewReader(in), 16, 100)
	var got []string
	for {
		_, line, err := s.next()
		if err != nil {
			break
		}
		got = append(got, string(line))
	}
	if strings.Join(got, "|") != `{"a":1}|{"b":2}` || s.long != 2 {
		t.Errorf("lines %q, long %d", got, s.long)
	}
}

// A chain that loops cannot be made sense of: the loader says so rather
// than pick a start.
func TestChainCycleIsAnError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.jsonl")
	appendLines(t, path,
		`{"type":"user","uuid":"a","parentUuid":"b","message":{"role":"user","content":"one"}}`,
		`{"type":"user","uuid":"b","parentUuid":"a","message":{"role":"user","content":"two"}}`)
	if tr, err := Load(path); !errors.Is(err, ErrUnreadable) || !strings.Contains(err.Error(), "loops") {
		t.Errorf("Load = %+v, %v; want ErrUnreadable", tr, err)
	}
}

func TestParallelDecodeMatchesSerial(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.jsonl")
	writeBigTranscript(t, path, 6<<20)
	prev := runtime.GOMAXPROCS(1)
	serial := load(t, path)
	runtime.GOMAXPROCS(4)
	parallel := load(t, path)
	runtime.GOMAXPROCS(prev)
	if d := diffMessages(serial.Messages, parallel.Messages); d != "" {
		t.Fatalf("(-serial +parallel):\n%s", d)
	}
	if len(serial.Messages) < 100 || serial.Repaired != 0 || serial.Skipped != 0 || serial.Leaf != parallel.Leaf {
		t.Errorf("messages %d Repaired %d Skipped %d", len(serial.Messages), serial.Repaired, serial.Skipped)
	}
}

func TestSidechainOnlyFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "agent-1.jsonl")
	appendLines(t, path,
		`{"type":"user","isSidechain":true,"uuid":"s1","parentUuid":null,"message":{"role":"user","content":"task"}}`,
		`{"type":"assistant","isSidechain":true,"uuid":"s2","parentUuid":"s1","message":{"id":"m","model":"m","content":[{"type":"text","text":"done"}]}}`)
	tr := load(t, path)
	if d := diffMessages([]provider.Message{user(text("task")), assistant(text("done"))}, tr.Messages); d != "" || tr.Leaf != "s2" {
		t.Errorf("Leaf %q (-want +got):\n%s", tr.Leaf, d)
	}
}
