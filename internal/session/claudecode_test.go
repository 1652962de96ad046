package session

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"corvid/internal/provider"
)

// The fixtures under testdata/claudecode are transcripts the real Claude
// Code CLI wrote against the fake API, with the requests it sent
// (testdata/claudecode/record.sh re-records them). The request Claude Code
// sent from a transcript is the oracle for what corvid must rebuild.

const ccFixtures = "../../testdata/claudecode"

// recordedRequest reads the messages of a request fakeapi -record wrote.
func recordedRequest(t *testing.T, name string) []provider.Message {
	t.Helper()
	var r struct {
		Body struct {
			Messages []struct {
				Role    provider.Role   `json:"role"`
				Content json.RawMessage `json:"content"`
			} `json:"messages"`
		} `json:"body"`
	}
	if err := json.Unmarshal(must(os.ReadFile(filepath.Join(ccFixtures, name))), &r); err != nil {
		t.Fatal(err)
	}
	var out []provider.Message
	for _, m := range r.Body.Messages {
		msg := provider.Message{Role: m.Role}
		var s string
		if json.Unmarshal(m.Content, &s) == nil { // the API's string shorthand
			msg.Content = []provider.Block{provider.TextBlock(s)}
		} else if err := json.Unmarshal(m.Content, &msg.Content); err != nil {
			t.Fatal(err)
		}
		for i, b := range msg.Content { // the file is indented
			if b.Input != nil {
				var c bytes.Buffer
				must(0, json.Compact(&c, b.Input))
				msg.Content[i].Input = c.Bytes()
			}
		}
		out = append(out, msg)
	}
	return out
}

// comparable drops what the API request adds to blocks (cache markers).
var blockOpts = cmp.Options{cmpopts.EquateEmpty(), cmpopts.IgnoreFields(provider.Block{}, "CacheControl")}

// Claude Code hangs each of three parallel tool results off its own
// tool_use entry; the path from the leaf crosses only one of them. The
// loader must rebuild the response whole and every real result, in the
// order Claude Code sends them, with nothing made up.
func TestClaudeCodeParallelToolsResumeWhole(t *testing.T) {
	tr := load(t, filepath.Join(ccFixtures, "parallel/session.jsonl"))
	if tr.Repaired != 0 || tr.Skipped != 0 {
		t.Errorf("Repaired %d Skipped %d, want 0 0", tr.Repaired, tr.Skipped)
	}
	if len(tr.Messages) != 4 {
		t.Fatalf("%d messages, want 4: %+v", len(tr.Messages), tr.Messages)
	}
	req := recordedRequest(t, "parallel/request-001.json")
	// Claude Code's second request ends with the assistant response and
	// the user message of its three results.
	wantAsst, wantResults := req[len(req)-2], req[len(req)-1]
	if d := cmp.Diff(wantAsst, tr.Messages[1], blockOpts); d != "" {
		t.Errorf("assistant message (-claude code +corvid):\n%s", d)
	}
	if d := cmp.Diff(wantResults, tr.Messages[2], blockOpts); d != "" {
		t.Errorf("tool results (-claude code +corvid):\n%s", d)
	}
	for _, b := range tr.Messages[2].Content {
		if b.IsError || len(b.Content) != 1 || b.Content[0].Text == interruptedText {
			t.Errorf("made-up result %+v", b)
		}
	}
	if got := tr.Messages[3].Text(); got != "The files say alpha, beta and gamma." {
		t.Errorf("last message %q", got)
	}
}

// After `claude -p /compact` the live chain starts at a compact boundary
// whose metadata names a message kept verbatim (preservedSegment); Claude
// Code puts it back after the summary when it resumes.
func TestClaudeCodeCompactionKeepsPreservedSegment(t *testing.T) {
	tr := load(t, filepath.Join(ccFixtures, "compact/session.jsonl"))
	if !tr.Compacted || tr.CompactTrigger != "manual" || tr.PreTokens != 19 {
		t.Errorf("Compacted %v trigger %q preTokens %d", tr.Compacted, tr.CompactTrigger, tr.PreTokens)
	}
	if len(tr.Messages) < 3 {
		t.Fatalf("messages %+v", tr.Messages)
	}
	req := recordedRequest(t, "compact/request-000.json")
	if d := cmp.Diff(req[0].Text(), tr.Messages[0].Text()); d != "" {
		t.Errorf("summary (-claude code +corvid):\n%s", d)
	}
	if d := cmp.Diff(req[2], tr.Messages[1], blockOpts); d != "" {
		t.Errorf("kept message (-claude code +corvid):\n%s", d)
	}
	for _, m := range tr.Messages {
		if len(m.ToolUses()) > 0 {
			t.Errorf("a tool_use from before the compaction survived: %+v", m)
		}
	}
}
