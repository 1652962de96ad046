package engine

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"

	"corvid/internal/event"
	"corvid/internal/provider/providertest"
)

// A prompt a UserPromptSubmit hook blocked ends as it does in the real
// Claude Code (testdata/claudecode/hooks/prompt-blocked.jsonl, recorded
// by its record.sh): the same notice text and a successful result, with
// no turns, whose text is the same.
func TestPromptBlockedMatchesClaudeCode(t *testing.T) {
	f, err := os.Open("../../testdata/claudecode/hooks/prompt-blocked.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var notice, result struct {
		Type, Subtype   string
		Content, Result string
		IsError         bool `json:"is_error"`
		NumTurns        int  `json:"num_turns"`
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var fr struct{ Type, Subtype string }
		if err := json.Unmarshal(sc.Bytes(), &fr); err != nil {
			t.Fatal(err)
		}
		switch {
		case fr.Type == "system" && fr.Subtype == "informational":
			_ = json.Unmarshal(sc.Bytes(), &notice)
		case fr.Type == "result":
			_ = json.Unmarshal(sc.Bytes(), &result)
		}
	}
	if notice.Content == "" || result.Result == "" {
		t.Fatal("the recording has no notice or no result")
	}
	// The reason as a command hook gives it: "[command]: stderr".
	h := &recHooks{prompt: func(string) (bool, string) { return true, "[/hooks/hook.sh]: NOPE-REASON" }}
	fx := newFixture(t, providertest.Scenario{}, func(c *Config) { c.Hooks = h })
	res := fx.submit(t, t.Context(), "go")
	if res.Text != result.Result || res.IsError != result.IsError || res.NumTurns != result.NumTurns ||
		res.Subtype != result.Subtype {
		t.Errorf("result %+v, Claude Code's %+v", res, result)
	}
	if notes := eventsOf[event.Notice](fx); len(notes) != 1 || notes[0].Text != notice.Content {
		t.Errorf("notices %+v, Claude Code's %q", notes, notice.Content)
	}
}
