package app

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"corvid/internal/tool"
)

// The toolset corvid mcp serve offers: --tools and bare-name deny rules
// shape it as they shape a run's, and its pipeline denies what would ask
// (nobody to ask) while allowing what a rule allows.
func TestOpenToolset(t *testing.T) {
	dir, home := t.TempDir(), t.TempDir()
	env := envMap{"HOME": home, "CORVID_CONFIG_DIR": filepath.Join(home, ".corvid")}
	opts := baseOptions(env)
	opts.Cwd, opts.Prompt = dir, ""
	opts.HasTools, opts.Tools = true, []string{"Bash", "Read", "Write"}
	opts.DisallowedTools = []string{"Write"}
	opts.AllowedTools = []string{"Bash(echo *)"}
	ts, err := OpenToolset(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	if got := ts.Tools.Names(); !slices.Equal(got, []string{"Bash", "Read"}) {
		t.Errorf("tools %q, want [Bash Read]", got)
	}
	bash, _ := ts.Tools.Lookup("Bash")
	run := func(cmd string) *tool.Result {
		in, _ := json.Marshal(map[string]string{"command": cmd})
		return ts.Pipeline.Run(t.Context(), bash, tool.Call{ID: "c", Input: in, Env: ts.Env, Progress: func(tool.Progress) {}}, nil).Result
	}
	if r := run("echo ok"); r.IsError || strings.TrimSpace(r.TextOf()) != "ok" {
		t.Errorf("allowed command: %+v", r)
	}
	if r := run("touch x"); !r.IsError || !strings.Contains(r.TextOf(), "has not been granted") {
		t.Errorf("command no rule allows: %q, want a denial", r.TextOf())
	}
	if ts.Env.WorkDir != dir || ts.Env.SessionID == "" || !strings.HasPrefix(ts.Env.SessionDir, filepath.Join(home, ".corvid")) {
		t.Errorf("env %+v", ts.Env)
	}
}
