package app

import (
	"os"
	"path/filepath"
	"testing"

	"corvid/internal/compact"
	"corvid/internal/engine"
	"corvid/internal/provider"
	"corvid/internal/provider/providertest"
	"corvid/internal/session"
)

// TestMidStreamFailureAfterBashIsRecordedOnce: the stream fails, in each
// way it can, after a Bash call with a side effect started. The command
// runs once, its result is in the next request, and the transcript loads
// back as exactly the conversation, valid for the API.
func TestMidStreamFailureAfterBashIsRecordedOnce(t *testing.T) {
	// 0 message_start, 1 ping, 2-4 text, 5-8 the Bash call, 9-10 the
	// start and delta of a text block that never closes.
	const failAfter = 11
	faults := map[string]func(*providertest.Turn){
		"cut":              func(t *providertest.Turn) {},
		"malformed":        func(t *providertest.Turn) { t.Malformed = true },
		"overloaded_error": func(t *providertest.Turn) { t.ErrorEvent = "overloaded_error" },
		"api_error":        func(t *providertest.Turn) { t.ErrorEvent = "api_error" },
	}
	for name, fault := range faults {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			side := filepath.Join(dir, "side.txt")
			first := providertest.Turn{ChunkSize: 1000, CutAfter: failAfter, Blocks: []providertest.Block{
				providertest.Text("Appending."),
				providertest.ToolUse("toolu_b", "Bash", map[string]any{"command": "echo ran >> " + side}),
				providertest.Text("never closed")}}
			fault(&first)
			srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{first,
				{Blocks: []providertest.Block{providertest.Text("done")}}}})
			cfgDir := t.TempDir()
			opts := baseOptions(fakeAPI(srv).with("CORVID_CONFIG_DIR", cfgDir))
			opts.Cwd, opts.PermissionMode = dir, "bypassPermissions"
			s, err := configure(opts)
			if err != nil {
				t.Fatal(err)
			}
			eng := engine.New(s.engine)
			res := eng.Submit(t.Context(), "append")
			s.close()
			if res.IsError || res.Text != "done" {
				t.Fatalf("result %+v", res)
			}
			if data, err := os.ReadFile(side); err != nil || string(data) != "ran\n" {
				t.Fatalf("side.txt = %q, %v; want one line", data, err)
			}
			reqs := srv.Requests()
			if len(reqs) != 2 {
				t.Fatalf("%d requests, want 2", len(reqs))
			}
			if n := countResults(reqs[1].Messages, "toolu_b"); n != 1 {
				t.Fatalf("the next request answers toolu_b %d times, want once", n)
			}
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
			if err := compact.Validate(tr.Messages); err != nil {
				t.Errorf("the transcript is not a valid history: %v", err)
			}
		})
	}
}

func countResults(msgs []provider.Message, id string) int {
	n := 0
	for _, m := range msgs {
		for _, b := range m.Content {
			if b.Type == provider.BlockToolResult && b.ToolUseID == id {
				n++
			}
		}
	}
	return n
}
