package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"corvid/internal/provider/providertest"
)

// tmuxenv's initialiser, which hides TMUX from lipgloss's, runs before
// colorprofile's and lipgloss's in the binary.
func TestTmuxHiddenBeforeLipglossInit(t *testing.T) {
	bin := buildBinaries(t)
	cmd := exec.Command(filepath.Join(bin, "corvid-tui"), "--version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1", "TMUX=/tmp/tmux-0/default,1,0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	at := map[string]int{}
	for i, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[0] == "init" {
			at[f[1]] = i + 1
		}
	}
	hide := at["corvid/cmd/corvid-tui/internal/tmuxenv"]
	for _, pkg := range []string{"github.com/charmbracelet/colorprofile", "charm.land/lipgloss/v2"} {
		if hide == 0 || at[pkg] == 0 || hide > at[pkg] {
			t.Errorf("tmuxenv initialised at line %d, %s at line %d (0: not in the trace)", hide, pkg, at[pkg])
		}
	}
}

// In a tmux pane, with colours on, nothing before the first paint waits
// on tmux: a `tmux` on PATH that never answers (it notes its call and
// sleeps) must not hold the status line back. Before, the colour
// detection ran `tmux info` twice before the first paint (lipgloss's
// package initialiser and tui.Profile) and the pane stayed blank. The
// question is still asked, once, after the paint (true colour is kept
// for tmux that has it), and Ctrl+D exits at once without its answer,
// the unanswered `tmux` killed.
func TestTmuxFirstPaintWaitsOnNoTmuxQuery(t *testing.T) {
	requireTmux(t)
	bin := buildBinaries(t)
	root := t.TempDir()
	proj, cfg, fake := filepath.Join(root, "proj"), filepath.Join(root, "cfg"), filepath.Join(root, "fakebin")
	for _, d := range []string{proj, cfg, fake} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	calls := filepath.Join(root, "tmux-calls")
	script := fmt.Sprintf("#!/bin/sh\necho \"$$ $*\" >> %q\nsleep 600\n", calls)
	if err := os.WriteFile(filepath.Join(fake, "tmux"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	srv := providertest.Start(t, providertest.Scenario{})
	e := &e2e{t: t, sock: fmt.Sprintf("corvid-paint-%d", os.Getpid()), target: "s"}
	env := []string{"ANTHROPIC_BASE_URL=" + srv.URL, "ANTHROPIC_API_KEY=test", "CORVID_CONFIG_DIR=" + cfg,
		"HOME=" + root, "TERM=xterm-256color", "PATH=" + fake + ":" + os.Getenv("PATH")}
	shell := fmt.Sprintf("cd %q && env -u NO_COLOR -u COLORTERM -u CLICOLOR_FORCE %s %q; echo CORVID-EXIT=$?; sleep 60",
		proj, strings.Join(quoteAll(env), " "), filepath.Join(bin, "corvid"))
	e.tmux("new-session", "-d", "-s", "s", "-x", "100", "-y", "30", shell)
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", e.sock, "kill-server").Run() })

	e.waitText("default mode")
	var lines []string
	deadline := time.Now().Add(30 * time.Second)
	for len(lines) == 0 && time.Now().Before(deadline) {
		b, _ := os.ReadFile(calls)
		lines = strings.Fields(strings.TrimSpace(string(b)))
		time.Sleep(50 * time.Millisecond)
	}
	if len(lines) != 2 || lines[1] != "info" {
		t.Fatalf("tmux calls %q, want one `tmux info` after the paint", lines)
	}
	// TMUX, hidden from the package initialisers, is back for what
	// corvid-tui runs.
	e.typeLine(`!echo "T[$TMUX]"`)
	e.waitText("T[/")
	e.keys("C-d")
	e.waitText("CORVID-EXIT=0")
	if b, _ := os.ReadFile(calls); strings.Count(string(b), "\n") != 1 {
		t.Errorf("tmux was asked more than once: %q", b)
	}
	pid, err := strconv.Atoi(lines[0])
	if err != nil {
		t.Fatal(err)
	}
	for deadline = time.Now().Add(30 * time.Second); syscall.Kill(pid, 0) == nil; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the unanswered tmux (pid %d) outlived corvid-tui", pid)
		}
	}
}
