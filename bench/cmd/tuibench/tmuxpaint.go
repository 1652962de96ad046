package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

var paintRuns int

// tmuxPaint runs shellCmd in a tmux pane (100×30) and returns the time
// from releasing it to the status line ("default mode") appearing in the
// pane's output, read through pipe-pane. The pane's shell waits on a
// FIFO, so the clock starts when shellCmd does, not when tmux does.
// shellCmd is "exec corvid" for the measurement and a printf of the
// marker for the baseline (tmux, pipe-pane and the shell alone).
func tmuxPaint(shellCmd string, env []string) (time.Duration, error) {
	dir, err := os.MkdirTemp("", "tuipaint")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	gate, out := filepath.Join(dir, "gate"), filepath.Join(dir, "out")
	for _, f := range []string{gate, out} {
		if err := syscall.Mkfifo(f, 0o600); err != nil {
			return 0, err
		}
	}
	paintRuns++ // a socket per run: a server just killed may still hold the last one
	sock := fmt.Sprintf("tuipaint-%d-%d", os.Getpid(), paintRuns)
	tmux := func(args ...string) error {
		if b, err := exec.Command("tmux", append([]string{"-L", sock}, args...)...).CombinedOutput(); err != nil {
			return fmt.Errorf("tmux %v: %v %s", args, err, b)
		}
		return nil
	}
	defer tmux("kill-server") //nolint:errcheck
	shell := fmt.Sprintf("read x < %s; export %s; %s", gate, strings.Join(env, " "), shellCmd)
	if err := tmux("new-session", "-d", "-s", "p", "-x", "100", "-y", "30", shell); err != nil {
		return 0, err
	}
	if err := tmux("pipe-pane", "-o", "-t", "p", "cat > "+out); err != nil {
		return 0, err
	}
	pid, err := exec.Command("tmux", "-L", sock, "display", "-p", "-t", "p", "#{pane_pid}").Output()
	if err != nil {
		return 0, err
	}
	outFile, err := os.Open(out) // blocks until pipe-pane's cat opens it
	if err != nil {
		return 0, err
	}
	defer outFile.Close()
	g, err := os.OpenFile(gate, os.O_WRONLY, 0)
	if err != nil {
		return 0, err
	}
	start := time.Now()
	_, _ = g.WriteString("go\n")
	g.Close()
	var seen strings.Builder
	r := bufio.NewReader(outFile)
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Read(buf)
		seen.Write(buf[:n])
		if strings.Contains(seen.String(), "default mode") {
			d := time.Since(start)
			noteFaults(strings.TrimSpace(string(pid)))
			return d, nil
		}
		if err != nil {
			return 0, fmt.Errorf("no status line in the pane (%v): %q", err, seen.String())
		}
	}
}
