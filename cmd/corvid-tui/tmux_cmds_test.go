package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/provider/providertest"
)

// In a real terminal against the real conversation: /permissions add
// writes the project settings and the reopened session's /permissions
// dialog lists the rule from that file under Deny; the dialog deletes a
// rule from its file after a confirmation; /memory hands the terminal to
// $EDITOR (a script that reads a typed line from the terminal) and takes
// it back, so the next prompt works; /init asks the model, whose Edit of
// CLAUDE.md goes through the permission dialog.
func TestTmuxSlashCommands(t *testing.T) {
	requireTmux(t)
	bin := buildBinaries(t)
	root := t.TempDir()
	proj, cfg := filepath.Join(root, "proj"), filepath.Join(root, "cfg")
	if out, err := exec.Command("git", "init", "-q", proj).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	if err := os.WriteFile(filepath.Join(proj, "main.go"), []byte("package main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	editor := filepath.Join(root, "ed.sh")
	if err := os.WriteFile(editor, []byte("printf 'EDITOR ASKS: '\nread line\necho \"$line\" >> \"$1\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	claudeMD := filepath.Join(proj, "CLAUDE.md")
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("Still here.")}},
		{Blocks: []providertest.Block{tool("toolu_r", "Read", map[string]any{"file_path": claudeMD})}},
		{Blocks: []providertest.Block{tool("toolu_e", "Edit", map[string]any{"file_path": claudeMD,
			"old_string": "typed in the editor", "new_string": "# CLAUDE.md\n\nRun go test ./... before committing."})}},
		{Blocks: []providertest.Block{providertest.Text("CLAUDE.md now lists the test command.")}},
	}})
	e := &e2e{t: t, sock: fmt.Sprintf("corvid-cmds-%d", os.Getpid()), target: "c"}
	env := []string{"ANTHROPIC_BASE_URL=" + srv.URL, "ANTHROPIC_API_KEY=test", "CORVID_CONFIG_DIR=" + cfg,
		"HOME=" + root, "TERM=xterm-256color", "NO_COLOR=1", "EDITOR=sh " + editor, "VISUAL="}
	shell := fmt.Sprintf("cd %q && env %s %q; sleep 60", proj, strings.Join(quoteAll(env), " "), filepath.Join(bin, "corvid"))
	e.tmux("new-session", "-d", "-s", "c", "-x", "120", "-y", "30", shell)
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", e.sock, "kill-server").Run() })
	e.waitText("shift+tab to cycle")

	e.typeLine("/permissions add deny project Bash(rm -rf *)")
	e.waitText("Added deny rule Bash(rm -rf *) in .claude/settings.json")
	data, err := os.ReadFile(filepath.Join(proj, ".claude", "settings.json"))
	if err != nil || !strings.Contains(string(data), `"Bash(rm -rf *)"`) {
		t.Fatalf("project settings: %q, %v", data, err)
	}
	e.typeLine("/permissions")
	e.waitText("[Allow]")
	e.keys("Left", "Left") // Workspace, then Deny
	e.waitFor("the rule from its file", func(s string) bool {
		return strings.Contains(s, "[Deny]") && strings.Contains(s, "Bash(rm -rf *)            .claude/settings.json (project)")
	})
	e.keys("Down", "Enter")
	e.waitText("Delete deny rule?")
	e.keys("Up", "Enter")
	e.waitText("✓ Deleted deny rule Bash(rm -rf *) from .claude/settings.json")
	if data, _ := os.ReadFile(filepath.Join(proj, ".claude", "settings.json")); strings.Contains(string(data), "rm -rf") {
		t.Fatalf("the rule is still in the project settings:\n%s", data)
	}
	e.keys("Escape")
	e.waitFor("the dialog closed", func(s string) bool { return !strings.Contains(lastLines(s, 12), "[Deny]") })

	e.typeLine("/memory")
	e.waitText("(project, new)")
	var n string
	for _, l := range strings.Split(e.screen(), "\n") {
		if strings.Contains(l, "(project, new)") {
			n, _, _ = strings.Cut(strings.TrimSpace(l), ".")
		}
	}
	e.typeLine("/memory " + n)
	e.waitText("EDITOR ASKS:")
	e.typeLine("typed in the editor")
	e.waitText("Edited CLAUDE.md")
	if data, _ := os.ReadFile(filepath.Join(proj, "CLAUDE.md")); string(data) != "typed in the editor\n" {
		t.Fatalf("CLAUDE.md = %q: the editor did not get the keys", data)
	}
	e.typeLine("are you there")
	e.waitText("Still here.")

	e.typeLine("/init")
	e.waitText("Do you want to proceed?")
	e.keys("1")
	e.waitText("CLAUDE.md now lists the test command.")
	if data, _ := os.ReadFile(claudeMD); string(data) != "# CLAUDE.md\n\nRun go test ./... before committing.\n" {
		t.Fatalf("CLAUDE.md = %q, want the model's edit", data)
	}
	reqs := srv.Requests()
	var asked string
	for _, r := range reqs {
		if len(r.Messages) > 0 {
			if m := r.Messages[len(r.Messages)-1]; len(m.Content) > 0 {
				asked += m.Content[len(m.Content)-1].Text
			}
		}
	}
	for _, want := range []string{"A CLAUDE.md is already there", "A quick local scan found", "- Go: 1 file(s)"} {
		if !strings.Contains(asked, want) {
			t.Errorf("the /init prompt lacks %q; prompts sent: %s", want, asked)
		}
	}
}

// lastLines is the last n lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
