package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/doctor"
	"corvid/internal/provider/providertest"
)

// A real conversation reports the rules of its settings with their
// files, checks a new rule against its tools, lists the settings in
// effect by layer, and runs the doctor's checklist offline.
func TestConversationInspection(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{})
	cfg := t.TempDir()
	path := filepath.Join(cfg, "settings.json")
	if err := os.WriteFile(path, []byte(`{"permissions": {"deny": ["Bash(rm *)"]}, "model": "haiku"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	opts := baseOptions(fakeAPI(srv).with("CORVID_CONFIG_DIR", cfg))
	opts.Cwd, opts.NoSessionPersistence = t.TempDir(), true
	c, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	found := false
	for _, r := range c.PermissionRules() {
		found = found || (r.Text == "Bash(rm *)" && r.Behavior == "deny" && r.Source == "user" && r.File == path)
	}
	if !found {
		t.Errorf("rules = %+v, want the user deny rule with its file", c.PermissionRules())
	}
	if err := c.CheckRule("allow", "Bash(npm test *)"); err != nil {
		t.Errorf("a valid rule: %v", err)
	}
	if err := c.CheckRule("allow", "read(x)"); err == nil || !strings.Contains(err.Error(), "Read") {
		t.Errorf("a miscased tool: %v, want a hint at Read", err)
	}
	set, err := c.EffectiveSettings()
	if err != nil {
		t.Fatal(err)
	}
	ok := false
	for _, s := range set {
		ok = ok || (s.Key == "model" && string(s.Value) == `"haiku"` && s.Source == "user")
	}
	if !ok {
		t.Errorf("settings = %+v, want model from user", set)
	}
	rep := c.Doctor(t.Context())
	names := map[string]doctor.Status{}
	for _, ch := range rep.Checks {
		names[ch.Name] = ch.Status
	}
	if len(rep.Checks) < 5 || names["api"] != doctor.StatusSkip {
		t.Errorf("doctor checks = %+v, want the checklist with the API probe skipped", rep.Checks)
	}
}
