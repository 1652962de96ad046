package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"corvid/internal/provider/providertest"
)

// sleeperAlive reports whether a process whose command line holds
// marker runs.
func sleeperAlive(marker string) bool {
	return exec.Command("pgrep", "-f", marker).Run() == nil
}

// The model starts a background Bash; the live line counts it, /tasks
// lists it, its view shows its output, and Stop ends its processes; the
// scrollback says it was stopped and the live line goes.
func TestTmuxBackgroundTask(t *testing.T) {
	requireTmux(t)
	bin := buildBinaries(t)
	root := t.TempDir()
	proj, cfg := filepath.Join(root, "proj"), filepath.Join(root, "cfg")
	for _, d := range []string{proj, cfg} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	marker := fmt.Sprintf("sleep %d", 3000+os.Getpid()%1000)
	command := "echo sleeper-started; " + marker
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{tool("toolu_bg", "Bash", map[string]any{"command": command,
			"description": "slow sleeper", "run_in_background": true})}},
		{Blocks: []providertest.Block{providertest.Text("The sleeper runs.")}},
	}})
	e := &e2e{t: t, sock: fmt.Sprintf("corvid-tasks-%d", os.Getpid()), target: "s"}
	env := []string{"ANTHROPIC_BASE_URL=" + srv.URL, "ANTHROPIC_API_KEY=test", "CORVID_CONFIG_DIR=" + cfg,
		"HOME=" + root, "TERM=xterm-256color", "NO_COLOR=1"}
	shell := fmt.Sprintf("cd %q && env %s %q; echo CORVID-EXIT=$?; sleep 60", proj, strings.Join(quoteAll(env), " "),
		filepath.Join(bin, "corvid"))
	e.tmux("new-session", "-d", "-s", "s", "-x", "100", "-y", "30", shell)
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", e.sock, "kill-server").Run() })

	e.waitText("default mode")
	e.typeLine("start the sleeper") // read-only commands: nobody is asked
	e.waitText("The sleeper runs.")
	e.waitText("1 background task · /tasks to view")
	if !sleeperAlive(marker) {
		t.Fatalf("the background command is not running; screen:\n%s", e.screen())
	}
	e.typeLine("/tasks")
	e.waitText("shell  " + command + " · running")
	e.keys("Enter")
	e.waitFor("the output and Stop", func(s string) bool {
		return strings.Contains(s, "│ sleeper-started") && strings.Contains(s, "1. Stop this task")
	})
	e.keys("Enter")
	e.waitText(`Background shell "slow sleeper" was stopped`)
	deadline := time.Now().Add(10 * time.Second)
	for sleeperAlive(marker) && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond) // polling a condition, bounded
	}
	if sleeperAlive(marker) {
		t.Errorf("%q still runs after Stop", marker)
	}
	e.keys("Escape")
	e.waitText("· killed ·")
	e.keys("Escape")
	e.waitFor("the list closed and no live line", func(s string) bool {
		return !strings.Contains(s, "Background tasks") && !strings.Contains(s, "background task ·")
	})
	e.keys("C-d")
	e.waitText("CORVID-EXIT=0")
}
