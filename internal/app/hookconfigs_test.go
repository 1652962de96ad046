package app

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"corvid/internal/event"
	"corvid/internal/provider/providertest"
)

// Info reports the settings hooks in effect with their event, matcher,
// command and file: what the interface's /hooks lists.
func TestInfoListsHooks(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{})
	cfg := t.TempDir()
	settings := `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "sh guard.sh"}]}],
		"Stop": [{"hooks": [{"type": "command", "command": "sh stop.sh"}]}]}}`
	path := filepath.Join(cfg, "settings.json")
	if err := os.WriteFile(path, []byte(settings), 0o600); err != nil {
		t.Fatal(err)
	}
	opts := baseOptions(fakeAPI(srv).with("CORVID_CONFIG_DIR", cfg))
	opts.Cwd, opts.NoSessionPersistence = t.TempDir(), true
	c, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	got := c.Info().Hooks
	if len(got) != 2 {
		t.Fatalf("hooks = %+v, want 2", got)
	}
	byEvent := map[string]event.HookConfig{}
	for _, h := range got {
		byEvent[h.Event] = h
	}
	want := map[string]event.HookConfig{
		"PreToolUse": {Event: "PreToolUse", Matcher: "Bash", Command: "sh guard.sh", File: byEvent["PreToolUse"].File},
		"Stop":       {Event: "Stop", Command: "sh stop.sh", File: byEvent["Stop"].File},
	}
	if d := cmp.Diff(want, byEvent); d != "" {
		t.Errorf("hooks (-want +got):\n%s", d)
	}
	if f := byEvent["Stop"].File; f == "" || filepath.Base(f) != "settings.json" {
		t.Errorf("file = %q, want the user settings file", f)
	}
}
