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

// In a real terminal (tmux): a 300-line bracketed paste collapses to a
// placeholder and is sent whole; @ completes a file git does not ignore;
// ctrl+r finds the sent prompt again; ctrl+o expands a collapsed tool
// output.
func TestTmuxPasteMentionAndKeys(t *testing.T) {
	requireTmux(t)
	bin := buildBinaries(t)
	root := t.TempDir()
	proj, cfg := filepath.Join(root, "proj"), filepath.Join(root, "cfg")
	if out, err := exec.Command("git", "init", "-q", proj).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	for name, content := range map[string]string{".gitignore": "build/\n", "internal/model.go": "package internal\n",
		"build/model.go": "package build\n"} {
		p := filepath.Join(proj, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("Got the paste.")}},
		{Blocks: []providertest.Block{tool("toolu_s", "Bash", map[string]any{"command": "seq 9"})}},
		{Blocks: []providertest.Block{providertest.Text("Counted.")}},
	}})
	e := &e2e{t: t, sock: fmt.Sprintf("corvid-keys-%d", os.Getpid()), target: "k"}
	env := []string{"ANTHROPIC_BASE_URL=" + srv.URL, "ANTHROPIC_API_KEY=test", "CORVID_CONFIG_DIR=" + cfg,
		"HOME=" + root, "TERM=xterm-256color", "NO_COLOR=1", "IS_SANDBOX=1"}
	shell := fmt.Sprintf("cd %q && env %s %q --dangerously-skip-permissions; sleep 60", proj,
		strings.Join(quoteAll(env), " "), filepath.Join(bin, "corvid"))
	e.tmux("new-session", "-d", "-s", "k", "-x", "100", "-y", "30", shell)
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", e.sock, "kill-server").Run() })
	e.waitText("bypass permissions on")

	var paste strings.Builder
	for i := 1; i <= 300; i++ {
		fmt.Fprintf(&paste, "pasted line %d\n", i)
	}
	file := filepath.Join(root, "paste.txt")
	if err := os.WriteFile(file, []byte(paste.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	e.tmux("load-buffer", "-b", "p", file)
	e.tmux("paste-buffer", "-p", "-b", "p", "-t", "k")
	e.waitText("[Pasted text #1 +300 lines]")
	e.tmux("send-keys", "-t", "k", "-l", " see @imod")
	e.waitText("❯ @internal/model.go")
	if strings.Contains(e.screen(), "build/model.go") {
		t.Errorf("an ignored file is offered:\n%s", e.screen())
	}
	e.keys("Tab")
	e.waitText("see @internal/model.go")
	e.keys("Enter")
	e.waitText("Got the paste.")
	reqs := srv.Requests()
	if len(reqs) == 0 {
		t.Fatal("no request")
	}
	body := string(reqs[0].Body)
	for _, want := range []string{"pasted line 1\\n", "pasted line 300", "@internal/model.go"} {
		if !strings.Contains(body, want) {
			t.Errorf("the request lacks %q", want)
		}
	}
	// ctrl+r finds the prompt; esc leaves the input as it was.
	e.keys("C-r")
	e.tmux("send-keys", "-t", "k", "-l", "model")
	e.waitText("(reverse-i-search)`model': [Pasted text #1 +300 lines] see @internal/model.go")
	e.keys("Escape")
	e.waitFor("the search closed", func(string) bool {
		return !strings.Contains(e.tmux("capture-pane", "-p", "-t", e.target), "reverse-i-search")
	})
	// A tool's output is collapsed; ctrl+o prints it whole.
	e.typeLine("count")
	e.waitText("Counted.")
	if hasLine(e.screen(), "9") || !strings.Contains(e.screen(), "… +5 lines") {
		t.Fatalf("the output was not collapsed:\n%s", e.screen())
	}
	e.keys("C-o")
	e.waitFor("the whole output", func(s string) bool { return hasLine(s, "9") })
}

// hasLine reports whether a line of s is want once trimmed.
func hasLine(s, want string) bool {
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) == want {
			return true
		}
	}
	return false
}
