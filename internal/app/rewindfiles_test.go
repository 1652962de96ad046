package app

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.uber.org/goleak"

	"corvid/internal/event"
	"corvid/internal/provider/providertest"
)

// A real conversation changes files with Write and Edit (and one with
// Bash); after a resume, the changes since the first prompt are listed
// with their line counts (not the Bash one), restoring the code removes
// the file the first turn created and puts back the one the second
// edited, and a rewind afterwards forgets the abandoned turns'
// checkpoints, on disk too.
func TestConversationRestoreFilesAfterResume(t *testing.T) {
	defer noLeaks(t, goleak.IgnoreCurrent())
	cwd := t.TempDir()
	made, edited, bashed := filepath.Join(cwd, "made.txt"), filepath.Join(cwd, "edited.txt"), filepath.Join(cwd, "bashed.txt")
	if err := os.WriteFile(edited, []byte("one\ntwo\nthree\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.ToolUse("t1", "Write", map[string]any{"file_path": made, "content": "a\nb\n"})}},
		{Blocks: []providertest.Block{providertest.Text("wrote")}},
		{Blocks: []providertest.Block{providertest.ToolUse("t2", "Read", map[string]any{"file_path": edited})}},
		{Blocks: []providertest.Block{
			providertest.ToolUse("t3", "Edit", map[string]any{"file_path": edited, "old_string": "two", "new_string": "2\n2b"}),
			providertest.ToolUse("t4", "Bash", map[string]any{"command": "echo hi > " + bashed})}},
		{Blocks: []providertest.Block{providertest.Text("edited")}},
	}})
	env := fakeAPI(srv).with("CORVID_CONFIG_DIR", t.TempDir(), "IS_SANDBOX", "1")
	opts := baseOptions(env)
	opts.Cwd, opts.PermissionMode, opts.Sink = cwd, "bypassPermissions", func(event.Event) {}
	c, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"make a file", "edit the other"} {
		if r := c.SubmitText(t.Context(), p); r.IsError {
			c.Close()
			t.Fatalf("%s: %+v", p, r)
		}
	}
	c.Close()
	if b, _ := os.ReadFile(edited); string(b) != "one\n2\n2b\nthree\n" {
		t.Fatalf("the edit did not happen: %q", b)
	}

	opts.Continue = true
	c2, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	ps := c2.Prompts()
	if len(ps) != 2 {
		t.Fatalf("prompts = %+v", ps)
	}
	ch, err := c2.FileChanges(ps[0].ID)
	if err != nil || len(ch) != 2 || ch[0].Path != made || !ch[0].Created || ch[0].Added != 2 ||
		ch[1].Path != edited || ch[1].Added != 2 || ch[1].Removed != 1 || ch[1].Lost != "" {
		t.Fatalf("changes since the first prompt = %+v, %v", ch, err)
	}
	if ch, _ := c2.FileChanges(ps[1].ID); len(ch) != 1 || ch[0].Path != edited {
		t.Fatalf("changes since the second prompt = %+v", ch)
	}
	rep, err := c2.RestoreFiles(ps[0].ID)
	if err != nil || !slices.Equal(rep.Restored, []string{made, edited}) || len(rep.Failed) != 0 {
		t.Fatalf("restore = %+v, %v", rep, err)
	}
	if _, err := os.Stat(made); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("made.txt is still there: %v", err)
	}
	if b, _ := os.ReadFile(edited); string(b) != "one\ntwo\nthree\n" {
		t.Errorf("edited.txt = %q", b)
	}
	if _, err := os.Stat(bashed); err != nil {
		t.Errorf("the Bash change is not Restore's to undo: %v", err)
	}
	if _, err := c2.Rewind(ps[0].ID); err != nil {
		t.Fatal(err)
	}
	c2.Close()
	c3, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer c3.Close()
	if len(c3.Prompts()) != 0 {
		t.Fatalf("prompts after rewinding to the first = %+v", c3.Prompts())
	}
	blobs, _ := filepath.Glob(filepath.Join(c3.s.engine.SessionDir, "checkpoints", "blobs", "*", "*"))
	if len(blobs) != 0 {
		t.Errorf("checkpoints of abandoned turns left: %v", blobs)
	}
}

// CORVID_MAX_CHECKPOINT_BYTES caps what is kept of one file: a file over
// it that a turn rewrote is listed as not restorable and left as it is.
func TestCheckpointFileCapFromEnv(t *testing.T) {
	cwd := t.TempDir()
	big := filepath.Join(cwd, "big.txt")
	if err := os.WriteFile(big, []byte("0123456789\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.ToolUse("t1", "Read", map[string]any{"file_path": big})}},
		{Blocks: []providertest.Block{providertest.ToolUse("t2", "Write", map[string]any{"file_path": big, "content": "new\n"})}},
		{Blocks: []providertest.Block{providertest.Text("done")}},
	}})
	env := fakeAPI(srv).with("CORVID_CONFIG_DIR", t.TempDir(), "IS_SANDBOX", "1", "CORVID_MAX_CHECKPOINT_BYTES", "8")
	opts := baseOptions(env)
	opts.Cwd, opts.PermissionMode, opts.Sink = cwd, "bypassPermissions", func(event.Event) {}
	c, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if r := c.SubmitText(t.Context(), "rewrite it"); r.IsError {
		t.Fatalf("%+v", r)
	}
	ch, err := c.FileChanges(c.Prompts()[0].ID)
	if err != nil || len(ch) != 1 || !strings.Contains(ch[0].Lost, "too large") {
		t.Fatalf("changes = %+v, %v", ch, err)
	}
	rep, err := c.RestoreFiles(c.Prompts()[0].ID)
	if err != nil || len(rep.Restored) != 0 || len(rep.Failed) != 1 || rep.Failed[0].Path != big {
		t.Fatalf("restore = %+v, %v", rep, err)
	}
	if b, _ := os.ReadFile(big); string(b) != "new\n" {
		t.Errorf("big.txt = %q", b)
	}
}
