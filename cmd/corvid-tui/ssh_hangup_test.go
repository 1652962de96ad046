package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"corvid/internal/provider/providertest"
)

// The ssh connection drops (the client killed, as when a laptop lid
// closes or the network goes) while a tool runs and a background task
// is alive: sshd hangs up the far side's terminal, and corvid must end
// with every process it started; nothing of the session is left on the
// server.
func TestSSHHangupLeavesNothing(t *testing.T) {
	sshd, ssh, keygen := requireSSH(t)
	srv := startSSHD(t, sshd, keygen)
	p := newProject(t)
	if err := os.WriteFile(filepath.Join(p.cfg, "settings.json"), []byte(`{"permissions":{"allow":["Bash"]}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	p.serve(t, providertest.Scenario{AllowUnused: true, Turns: []providertest.Turn{
		{Blocks: []providertest.Block{tool("toolu_bg", "Bash", map[string]any{"command": "sleep 301", "run_in_background": true}),
			tool("toolu_fg", "Bash", map[string]any{"command": "echo started-fg; sleep 302"})}},
		{Blocks: []providertest.Block{providertest.Text("never")}},
	}})
	e := launchSSH(t, p, srv, ssh, 100, 30)
	e.waitText("Type a message")
	e.typeLine("run them")
	e.waitText("started-fg")
	var before string
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		before = " " + strings.Join(withEnv("CORVID_CONFIG_DIR="+p.cfg), " ") + " "
		if strings.Count(before, " sleep ") == 2 && strings.Contains(before, " corvid-tui ") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("want corvid-tui and both sleeps running, got %s", before)
		}
	}
	client := sshClient(t, e)
	if err := syscall.Kill(client, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	e.waitText("SSH-EXIT=")
	var left []string
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if left = withEnv("CORVID_CONFIG_DIR=" + p.cfg); len(left) == 0 {
			return
		}
	}
	t.Errorf("after the hangup these outlived the session: %v", left)
}

// sshClient is the pid of the ssh client running in e's pane.
func sshClient(t *testing.T, e *e2e) int {
	t.Helper()
	shell, err := strconv.Atoi(strings.TrimSpace(e.tmux("display", "-p", "-t", e.target, "#{pane_pid}")))
	if err != nil {
		t.Fatal(err)
	}
	for _, pid := range descendants(shell) {
		if comm, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/comm"); strings.TrimSpace(string(comm)) == "ssh" {
			return pid
		}
	}
	t.Fatal("no ssh client in the pane")
	return 0
}
