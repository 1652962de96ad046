package app

import (
	"os"
	"path/filepath"
	"testing"

	"corvid/internal/compact"
	"corvid/internal/provider/providertest"
	"corvid/internal/session"
)

// TestConversationCutAfterBashInLaterTurn: in a long-lived conversation
// (the SDK host's), the stream of the second turn is cut after a Bash
// call with a side effect started. The command runs once, the next
// request answers the call exactly once, and the transcript of both turns
// loads back as the conversation.
func TestConversationCutAfterBashInLaterTurn(t *testing.T) {
	dir, cfgDir := t.TempDir(), t.TempDir()
	side := filepath.Join(dir, "side.txt")
	// 0 message_start, 1 ping, 2-4 text, 5-8 the Bash call, 9-10 a text
	// block that never closes.
	cut := providertest.Turn{ChunkSize: 1000, CutAfter: 11, Blocks: []providertest.Block{
		providertest.Text("Appending."),
		providertest.ToolUse("toolu_b", "Bash", map[string]any{"command": "echo ran >> " + side}),
		providertest.Text("never closed")}}
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("hello")}},
		cut,
		{Blocks: []providertest.Block{providertest.Text("done")}}}})
	opts := baseOptions(fakeAPI(srv).with("CORVID_CONFIG_DIR", cfgDir))
	opts.Cwd, opts.PermissionMode = dir, "bypassPermissions"
	c, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if r := c.SubmitText(t.Context(), "hi"); r.IsError || r.Text != "hello" {
		t.Fatalf("first turn %+v", r)
	}
	if r := c.SubmitText(t.Context(), "append"); r.IsError || r.Text != "done" {
		t.Fatalf("second turn %+v", r)
	}
	id, msgs := c.Info().SessionID, c.Messages()
	c.Close()
	if data, err := os.ReadFile(side); err != nil || string(data) != "ran\n" {
		t.Fatalf("side.txt = %q, %v; want one line", data, err)
	}
	reqs := srv.Requests()
	if len(reqs) != 3 {
		t.Fatalf("%d requests, want 3", len(reqs))
	}
	if n := countResults(reqs[2].Messages, "toolu_b"); n != 1 {
		t.Fatalf("the next request answers toolu_b %d times, want once", n)
	}
	tr, err := session.Load(session.Path(cfgDir, dir, id))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := jsonOf(t, tr.Messages), jsonOf(t, msgs); got != want {
		t.Errorf("loaded messages differ from the conversation:\n got %s\nwant %s", got, want)
	}
	if err := compact.Validate(tr.Messages); err != nil {
		t.Errorf("the transcript is not a valid history: %v", err)
	}
}
