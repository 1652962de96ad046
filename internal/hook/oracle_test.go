package hook

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"corvid/internal/executor"
	"corvid/internal/tool"
)

// oracleDir holds what the real Claude Code's command hooks were given
// (testdata/claudecode/hooks/record.sh re-records it).
const oracleDir = "../../testdata/claudecode/hooks/"

// notYet are input fields Claude Code sends that corvid does not (yet):
// the prompt's id, the effort level, and Stop's lists of background
// tasks and session crons.
var notYet = []string{"prompt_id", "effort", "background_tasks", "session_crons"}

func oracleInputs(t *testing.T) []map[string]any {
	t.Helper()
	f, err := os.Open(oracleDir + "inputs.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []map[string]any
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

// Every field Claude Code gave a hook for PreToolUse, PostToolUseFailure,
// SessionStart, SessionEnd and Stop is in corvid's input for the same
// event, with the same value where the value is not session-specific;
// the failure's context reaches the model under Claude Code's label.
func TestInputsMatchClaudeCode(t *testing.T) {
	r := &recRunner{answers: map[string]string{PostToolUseFailure: `{"hookSpecificOutput":` +
		`{"hookEventName":"PostToolUseFailure","additionalContext":"PTUF-CTX"}}`}}
	events := map[string][]Matcher{}
	for _, ev := range []string{PreToolUse, PostToolUseFailure, SessionStart, SessionEnd, Stop} {
		events[ev] = []Matcher{{Callbacks: []string{ev}, Timeout: time.Second}}
	}
	s := New(r, events, common)
	ctx := context.Background()
	seen := map[string]bool{}
	for _, want := range oracleInputs(t) {
		ev := want["hook_event_name"].(string)
		switch ev {
		case PreToolUse:
			in := executor.HookInput{ToolName: want["tool_name"].(string), ToolUseID: want["tool_use_id"].(string)}
			in.Input, _ = json.Marshal(want["tool_input"])
			s.PreToolUse(ctx, in)
		case PostToolUseFailure:
			in := executor.HookInput{ToolName: want["tool_name"].(string), ToolUseID: want["tool_use_id"].(string)}
			in.Input, _ = json.Marshal(want["tool_input"])
			s.PostToolUseFailure(ctx, in, tool.ErrorText(want["error"].(string)))
		case SessionStart:
			s.SessionStart(ctx, want["source"].(string), "")
		case SessionEnd:
			s.SessionEnd(ctx, want["reason"].(string))
		case Stop:
			s.Stop(ctx, want["last_assistant_message"].(string), want["stop_hook_active"].(bool))
		default:
			continue
		}
		got := r.inputs[ev][len(r.inputs[ev])-1]
		for k, v := range want {
			if slices.Contains(notYet, k) {
				continue
			}
			g, ok := got[k]
			switch {
			case !ok:
				t.Errorf("%s: corvid sends no %q (Claude Code sent %v)", ev, k, v)
			case k != "session_id" && k != "transcript_path" && k != "cwd" && k != "permission_mode" &&
				k != "duration_ms" && !jsonEqual(g, v):
				t.Errorf("%s: %s = %v, Claude Code sent %v", ev, k, g, v)
			}
		}
		seen[ev] = true
	}
	if len(seen) != 5 {
		t.Fatalf("the recording covers %v, want the five events", seen)
	}
	if got := strings.Join(s.Context(), "|"); !strings.Contains(got, "PostToolUseFailure:Bash hook additional context: PTUF-CTX") {
		t.Errorf("context %q, want Claude Code's label", got)
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
