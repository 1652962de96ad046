package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/provider/providertest"
)

// A stream cut after a side-effecting Bash call has started, with
// settings PreToolUse and PostToolUse hooks around it: the call and each
// hook run once, and the next request answers the call exactly once
// (fails when the hook middleware reruns a started call or its hooks,
// or drops or doubles its result).
func TestHookedCallSurvivesStreamCut(t *testing.T) {
	dir, cfgDir := t.TempDir(), t.TempDir()
	side, pre, post := filepath.Join(dir, "side.txt"), filepath.Join(dir, "pre.log"), filepath.Join(dir, "post.log")
	settings := `{"hooks":{
		"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"echo pre >> ` + pre + `"}]}],
		"PostToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"echo post >> ` + post + `"}]}]}}`
	if err := os.WriteFile(filepath.Join(cfgDir, "settings.json"), []byte(settings), 0o600); err != nil {
		t.Fatal(err)
	}
	cut := providertest.Turn{ChunkSize: 1000, CutAfter: 11, Blocks: []providertest.Block{
		providertest.Text("Appending."),
		providertest.ToolUse("toolu_b", "Bash", map[string]any{"command": "echo ran >> " + side}),
		providertest.Text("never closed")}}
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		cut, {Blocks: []providertest.Block{providertest.Text("done")}}}})
	opts := baseOptions(fakeAPI(srv).with("CORVID_CONFIG_DIR", cfgDir))
	opts.Cwd, opts.PermissionMode = dir, "bypassPermissions"
	c, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	r := c.SubmitText(t.Context(), "append")
	c.Close()
	if r.IsError || r.Text != "done" {
		t.Fatalf("turn %+v", r)
	}
	for file, want := range map[string]string{side: "ran\n", pre: "pre\n", post: "post\n"} {
		if data, err := os.ReadFile(file); err != nil || string(data) != want {
			t.Errorf("%s = %q, %v; want %q once", filepath.Base(file), data, err, strings.TrimSpace(want))
		}
	}
	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2", len(reqs))
	}
	if n := countResults(reqs[1].Messages, "toolu_b"); n != 1 {
		t.Fatalf("the next request answers toolu_b %d times, want once", n)
	}
}
