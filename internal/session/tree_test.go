package session

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/provider"
)

// A user entry hung off a response's block that is not a tool result (an
// abandoned branch: a prompt edited and sent again) stays out; a result on
// a side branch for a tool_use the path already answers loses to the path.
func TestTreeSideBranchesStayOut(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	appendLines(t, path,
		`{"type":"user","uuid":"u1","parentUuid":null,"message":{"role":"user","content":"go"}}`,
		`{"type":"assistant","uuid":"a1","parentUuid":"u1","message":{"id":"m1","model":"x","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{}}]}}`,
		`{"type":"assistant","uuid":"a2","parentUuid":"a1","message":{"id":"m1","model":"x","content":[{"type":"tool_use","id":"t2","name":"Bash","input":{}}]}}`,
		`{"type":"user","uuid":"r1x","parentUuid":"a1","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"stale"}]}}`,
		`{"type":"user","uuid":"p2","parentUuid":"a2","message":{"role":"user","content":"an abandoned prompt"}}`,
		`{"type":"user","uuid":"r2","parentUuid":"a2","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t2","content":"two"}]}}`,
		`{"type":"user","uuid":"r1","parentUuid":"r2","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"one"}]}}`,
		`{"type":"assistant","uuid":"a3","parentUuid":"r1","message":{"id":"m2","model":"x","content":[{"type":"text","text":"done"}]}}`)
	tr := load(t, path)
	want := []provider.Message{
		user(text("go")),
		assistant(toolUse("t1", "Bash", `{}`), toolUse("t2", "Bash", `{}`)),
		user(result("t2", "two"), result("t1", "one")),
		assistant(text("done")),
	}
	if d := diffMessages(want, tr.Messages); d != "" || tr.Repaired != 0 {
		t.Errorf("Repaired %d (-want +got):\n%s", tr.Repaired, d)
	}
}

// A result hung off its tool_use by sourceToolAssistantUUID only (its
// parent being some other entry) still belongs to the response.
func TestTreeResultBySourceUUID(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	appendLines(t, path,
		`{"type":"user","uuid":"u1","parentUuid":null,"message":{"role":"user","content":"go"}}`,
		`{"type":"assistant","uuid":"a1","parentUuid":"u1","message":{"id":"m1","model":"x","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{}}]}}`,
		`{"type":"assistant","uuid":"a2","parentUuid":"a1","message":{"id":"m1","model":"x","content":[{"type":"tool_use","id":"t2","name":"Bash","input":{}}]}}`,
		`{"type":"attachment","uuid":"x1","parentUuid":"a2"}`,
		`{"type":"user","uuid":"r2","parentUuid":"x1","sourceToolAssistantUUID":"a2","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t2","content":"two"}]}}`,
		`{"type":"user","uuid":"r1","parentUuid":"x1","sourceToolAssistantUUID":"a1","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"one"}]}}`,
		`{"type":"assistant","uuid":"a3","parentUuid":"r1","message":{"id":"m2","model":"x","content":[{"type":"text","text":"done"}]}}`)
	tr := load(t, path)
	if len(tr.Messages) != 4 || tr.Repaired != 0 || !hasResult(tr.Messages[2], "t2") || !hasResult(tr.Messages[2], "t1") {
		t.Errorf("Repaired %d: %+v", tr.Repaired, tr.Messages)
	}
}

// A result whose parent is a progress entry of its call (no
// sourceToolAssistantUUID) is found through it.
func TestTreeResultBelowProgress(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	appendLines(t, path,
		`{"type":"user","uuid":"u1","parentUuid":null,"message":{"role":"user","content":"go"}}`,
		`{"type":"assistant","uuid":"a1","parentUuid":"u1","message":{"id":"m1","model":"x","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{}}]}}`,
		`{"type":"assistant","uuid":"a2","parentUuid":"a1","message":{"id":"m1","model":"x","content":[{"type":"tool_use","id":"t2","name":"Bash","input":{}}]}}`,
		`{"type":"progress","uuid":"p1","parentUuid":"a1"}`,
		`{"type":"progress","uuid":"p2","parentUuid":"p1"}`,
		`{"type":"user","uuid":"r1","parentUuid":"p2","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"one"}]}}`,
		`{"type":"user","uuid":"r2","parentUuid":"a2","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t2","content":"two"}]}}`,
		`{"type":"assistant","uuid":"a3","parentUuid":"r2","message":{"id":"m2","model":"x","content":[{"type":"text","text":"done"}]}}`)
	tr := load(t, path)
	want := []provider.Message{
		user(text("go")),
		assistant(toolUse("t1", "Bash", `{}`), toolUse("t2", "Bash", `{}`)),
		user(result("t1", "one"), result("t2", "two")),
		assistant(text("done")),
	}
	if d := diffMessages(want, tr.Messages); d != "" || tr.Repaired != 0 {
		t.Errorf("Repaired %d (-want +got):\n%s", tr.Repaired, d)
	}
}

// Files the loader cannot make sense of are errors, not empty histories.
func TestUnreadableTranscripts(t *testing.T) {
	for name, lines := range map[string][]string{
		"no conversation entry": {`{"hello":"world"}`, `{"type":"queue-operation"}`},
		"parent not in file":    {`{"type":"user","uuid":"u2","parentUuid":"gone","message":{"role":"user","content":"x"}}`},
		"kept messages missing": {
			`{"type":"system","subtype":"compact_boundary","uuid":"b","parentUuid":null,"compactMetadata":{"trigger":"auto","preTokens":5,"preservedSegment":{"headUuid":"h","anchorUuid":"s","tailUuid":"h"}}}`,
			`{"type":"user","uuid":"s","parentUuid":"b","isCompactSummary":true,"message":{"role":"user","content":"summary"}}`},
	} {
		path := filepath.Join(t.TempDir(), "s.jsonl")
		appendLines(t, path, lines...)
		if tr, err := Load(path); !errors.Is(err, ErrUnreadable) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: Load = %+v, %v; want ErrUnreadable naming the file", name, tr, err)
		}
	}
}
