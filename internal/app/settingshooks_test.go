package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/hook"
	"corvid/internal/provider/providertest"
)

// A host's hook callbacks and the settings' command hooks run side by
// side on the same event: both contexts reach the model, each through
// its own runner.
func TestSettingsAndHostHooks(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("ok")}}}})
	cfg := t.TempDir()
	settings := `{"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "echo from-settings"}]}]}}`
	if err := os.WriteFile(filepath.Join(cfg, "settings.json"), []byte(settings), 0o600); err != nil {
		t.Fatal(err)
	}
	run := &fakeRunner{answer: func(string, int32) string {
		return `{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"from-host"}}`
	}}
	opts := baseOptions(fakeAPI(srv).with("CORVID_CONFIG_DIR", cfg))
	opts.Cwd, opts.NoSessionPersistence = t.TempDir(), true
	opts.Hooks = hook.New(run, map[string][]hook.Matcher{hook.UserPromptSubmit: {{Callbacks: []string{"cb"}}}}, nil)
	c, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if res := c.SubmitText(t.Context(), "hi"); res.Text != "ok" {
		t.Fatalf("result %+v", res)
	}
	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests", len(reqs))
	}
	msgs, _ := json.Marshal(reqs[0].Messages)
	if !strings.Contains(string(msgs), "from-settings") || !strings.Contains(string(msgs), "from-host") ||
		run.calls.Load() != 1 {
		t.Errorf("request = %s (host calls %d), want both hooks' context", msgs, run.calls.Load())
	}
}

// A handler's "if" is a permission rule matched as a deny rule would be:
// any subcommand of a Bash command may match; file rules match paths.
func TestIfMatcher(t *testing.T) {
	dir := t.TempDir()
	match := ifMatcher(dir, describedTools())
	tests := []struct {
		rule, tool, input string
		want              bool
	}{
		{"Bash(git *)", "Bash", `{"command":"git push"}`, true},
		{"Bash(git *)", "Bash", `{"command":"ls && git status"}`, true},
		{"Bash(git *)", "Bash", `{"command":"ls -la"}`, false},
		{"Bash(git *)", "Write", `{"file_path":"` + dir + `/a.go","content":""}`, false},
		{"Edit(*.ts)", "Edit", `{"file_path":"` + dir + `/src/x.ts","old_string":"a","new_string":"b"}`, true},
		{"Edit(*.ts)", "Edit", `{"file_path":"` + dir + `/src/x.go","old_string":"a","new_string":"b"}`, false},
		{"Bash(unbalanced", "Bash", `{"command":"ls"}`, true}, // a rule that does not parse: the hook runs
	}
	for _, tt := range tests {
		if got := match(tt.rule, tt.tool, json.RawMessage(tt.input)); got != tt.want {
			t.Errorf("%s on %s %s = %v, want %v", tt.rule, tt.tool, tt.input, got, tt.want)
		}
	}
}
