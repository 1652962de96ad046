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

// corvid on a terminal with nothing but options hands over to
// corvid-tui before its own packages are initialised (the runtime's
// init trace, which both programs write to the same file, names
// internal/cli once, corvid-tui's), and the options reach corvid-tui.
// With -p corvid runs the prompt itself: no interface package is
// initialised.
func TestTmuxEarlyHandover(t *testing.T) {
	requireTmux(t)
	bin := buildBinaries(t)
	root := t.TempDir()
	proj, cfg := filepath.Join(root, "proj"), filepath.Join(root, "cfg")
	for _, d := range []string{proj, cfg} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("Printed answer.")}}}})
	env := []string{"ANTHROPIC_BASE_URL=" + srv.URL, "ANTHROPIC_API_KEY=test", "CORVID_CONFIG_DIR=" + cfg,
		"HOME=" + root, "TERM=xterm-256color", "NO_COLOR=1", "GODEBUG=inittrace=1"}
	tui, print := filepath.Join(root, "tui.trace"), filepath.Join(root, "print.trace")
	corvid := filepath.Join(bin, "corvid")
	shell := fmt.Sprintf("cd %q && export %s; %q --permission-mode=plan 2>%q; echo TUI-EXIT=$?; "+
		"%q -p hello 2>%q; echo PRINT-EXIT=$?; sleep 60",
		proj, strings.Join(quoteAll(env), " "), corvid, tui, corvid, print)
	e := &e2e{t: t, sock: fmt.Sprintf("corvid-handover-%d", os.Getpid()), target: "s"}
	e.tmux("new-session", "-d", "-s", "s", "-x", "100", "-y", "30", shell)
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", e.sock, "kill-server").Run() })

	e.waitText("plan mode on")
	e.keys("C-d")
	e.waitText("TUI-EXIT=0")
	e.waitText("Printed answer.")
	e.waitText("PRINT-EXIT=0")
	for _, c := range []struct {
		trace    string
		cli, tea int
	}{{tui, 1, 1}, {print, 1, 0}} {
		b, err := os.ReadFile(c.trace)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		if n := strings.Count(s, "init corvid/internal/cli @"); n != c.cli {
			t.Errorf("%s: internal/cli initialised %d times, want %d", filepath.Base(c.trace), n, c.cli)
		}
		if n := strings.Count(s, "init charm.land/lipgloss/v2 @"); n != c.tea {
			t.Errorf("%s: lipgloss initialised %d times, want %d", filepath.Base(c.trace), n, c.tea)
		}
	}
}
