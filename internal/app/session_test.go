package app

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"corvid/internal/cost"
	"corvid/internal/engine"
	"corvid/internal/event"
	"corvid/internal/provider"
	"corvid/internal/provider/providertest"
	"corvid/internal/session"
)

// TestTranscriptIsLossless records a conversation with parallel tool
// calls, a cut response that is retried and two prompts, then loads the
// transcript: the messages, the cost and the usage come back exactly.
func TestTranscriptIsLossless(t *testing.T) {
	dir := benchProject(t)
	read := func(id, name string) providertest.Block {
		return providertest.ToolUse(id, "Read", map[string]any{"file_path": filepath.Join(dir, name)})
	}
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("two at once"), read("a", "step01.go"), read("b", "step02.go")}},
		{Blocks: []providertest.Block{providertest.Text("cut")}, CutAfter: 4},
		{Blocks: []providertest.Block{providertest.ToolUse("c", "Bash", map[string]any{"command": "echo hi"})}},
		{Blocks: []providertest.Block{providertest.Text("first answer")}},
		{Blocks: []providertest.Block{providertest.Text("second answer")}},
	}})
	cfgDir := t.TempDir()
	opts := baseOptions(fakeAPI(srv).with("CORVID_CONFIG_DIR", cfgDir, "CLAUDE_CODE_MAX_RETRIES", "2"))
	opts.Cwd, opts.PermissionMode, opts.Stderr = dir, "bypassPermissions", &bytes.Buffer{}
	opts.Sink = func(event.Event) {}
	s, err := configure(opts)
	if err != nil {
		t.Fatal(err)
	}
	eng := engine.New(s.engine)
	for _, p := range []string{"look around", "and then?"} {
		if res := eng.Submit(t.Context(), p); res.IsError {
			t.Fatalf("%s: %+v", p, res)
		}
	}
	s.close()

	tr, err := session.Load(session.Path(cfgDir, dir, s.engine.SessionID))
	if err != nil {
		t.Fatal(err)
	}
	if tr.Skipped != 0 || tr.Repaired != 0 {
		t.Errorf("skipped %d lines, repaired %d times; want a clean transcript", tr.Skipped, tr.Repaired)
	}
	if got, want := jsonOf(t, tr.Messages), jsonOf(t, eng.Messages()); got != want {
		t.Errorf("loaded messages differ from the conversation:\n got %s\nwant %s", got, want)
	}
	var restored cost.State
	if err := json.Unmarshal(tr.CostState, &restored); err != nil {
		t.Fatalf("cost state: %v", err)
	}
	if restored.TotalCostUSD != s.engine.Costs.TotalUSD() || restored.TotalCostUSD == 0 {
		t.Errorf("cost restored %v, want %v", restored.TotalCostUSD, s.engine.Costs.TotalUSD())
	}
	if u := restored.Totals.Usage(); u != s.engine.Costs.Usage() {
		t.Errorf("usage restored %+v, want %+v", u, s.engine.Costs.Usage())
	}
	st, err := os.Stat(session.Path(cfgDir, dir, s.engine.SessionID))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("transcript mode: %v %v", st, err)
	}
}

func jsonOf(t *testing.T, msgs []provider.Message) string {
	t.Helper()
	data, err := provider.Marshal(msgs)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
