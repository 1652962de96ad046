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
