package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/provider/providertest"
)

// In a real terminal (tmux), with the real tools: a prompt makes a file
// with Write, the next edits another with Edit; Esc Esc, the first prompt,
// then "Restore code and conversation": the question lists both files
// with their +/- counts, the report names them, the created file is gone,
// the edited one is as it was, and the prompt is back in the input.
func TestTmuxRewindRestoresCode(t *testing.T) {
	requireTmux(t)
	bin := buildBinaries(t)
	root := t.TempDir()
	proj, cfg := filepath.Join(root, "proj"), filepath.Join(root, "cfg")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	made, edited := filepath.Join(proj, "made.txt"), filepath.Join(proj, "edited.txt")
	if err := os.WriteFile(edited, []byte("one\ntwo\nthree\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.ToolUse("t1", "Write", map[string]any{"file_path": made, "content": "a\nb\n"})}},
		{Blocks: []providertest.Block{providertest.Text("answer-one")}},
		{Blocks: []providertest.Block{providertest.ToolUse("t2", "Read", map[string]any{"file_path": edited})}},
		{Blocks: []providertest.Block{providertest.ToolUse("t3", "Edit", map[string]any{"file_path": edited, "old_string": "two", "new_string": "2"})}},
		{Blocks: []providertest.Block{providertest.Text("answer-two")}},
	}})
	e := &e2e{t: t, sock: fmt.Sprintf("corvid-restore-%d", os.Getpid()), target: "r"}
	env := []string{"ANTHROPIC_BASE_URL=" + srv.URL, "ANTHROPIC_API_KEY=test", "CORVID_CONFIG_DIR=" + cfg,
		"HOME=" + root, "TERM=xterm-256color", "NO_COLOR=1"}
	shell := fmt.Sprintf("cd %q && env %s %q --permission-mode acceptEdits; echo CORVID-EXIT=$?; sleep 60", proj,
		strings.Join(quoteAll(env), " "), filepath.Join(bin, "corvid"))
	e.tmux("new-session", "-d", "-s", "r", "-x", "100", "-y", "30", shell)
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", e.sock, "kill-server").Run() })
	e.waitText("accept edits")
	e.typeLine("make a file")
	e.waitText("answer-one")
	e.typeLine("edit the other")
	e.waitText("answer-two")
	if b, _ := os.ReadFile(edited); string(b) != "one\n2\nthree\n" {
		t.Fatalf("the edit did not happen: %q", b)
	}

	e.keys("Escape")
	e.keys("Escape")
	e.waitText("Rewind to before a prompt")
	e.keys("Down")
	e.keys("Enter")
	s := e.waitText("Restore code and conversation")
	for _, want := range []string{"2 files changed since", "made.txt", "+2 -0", "(created; restoring removes it)",
		"edited.txt", "+1 -1", "Changes made by Bash are not tracked"} {
		if !strings.Contains(s, want) {
			t.Fatalf("no %q in the restore question:\n%s", want, s)
		}
	}
	e.keys("Enter")
	e.waitText("Restored 2 files: made.txt, edited.txt")
	e.waitText("Rewound to before: make a file (code and conversation)")
	if _, err := os.Stat(made); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("made.txt is still there: %v", err)
	}
	if b, _ := os.ReadFile(edited); string(b) != "one\ntwo\nthree\n" {
		t.Errorf("edited.txt = %q", b)
	}
	e.keys("C-d") // the input holds the rewound prompt: clear it first
	e.keys("C-c")
	e.keys("C-d")
	e.waitText("CORVID-EXIT=0")
}
