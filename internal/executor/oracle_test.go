package executor

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"

	"corvid/internal/permission"
	"corvid/internal/tool"
)

// recordedResult is the tool_result content the real Claude Code gave
// for a call (testdata/claudecode/hooks, re-recorded by its record.sh).
func recordedResult(t *testing.T, id string) string {
	t.Helper()
	f, err := os.Open("../../testdata/claudecode/hooks/frames.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var fr struct {
			Type    string `json:"type"`
			Message struct {
				Content []struct {
					ToolUseID string `json:"tool_use_id"`
					Content   string `json:"content"`
				} `json:"content"`
			} `json:"message"`
		}
		if json.Unmarshal(sc.Bytes(), &fr) != nil || fr.Type != "user" {
			continue
		}
		for _, c := range fr.Message.Content {
			if c.ToolUseID == id {
				return c.Content
			}
		}
	}
	t.Fatalf("no recorded result for %s", id)
	return ""
}

// A PreToolUse hook's deny reaches the model in Claude Code's words.
func TestDenyTextMatchesClaudeCode(t *testing.T) {
	want := recordedResult(t, "toolu_01")
	h := &scriptedHooks{pre: HookDecision{Permission: tool.PermissionDeny, Reason: "REASON-DENY-1"}}
	got := runOne(t, &Pipeline{Permission: permission.AllowAll{}, Hooks: h}, &bashLike{}, `{"command":"echo one"}`)
	if got != "1:"+want {
		t.Fatalf("result %q, Claude Code gave %q", got, want)
	}
}
