package proctree

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// tree is the command the tests supervise: a plain child, one in a new
// session that ignores SIGTERM, and a double-forked one; it prints their
// pids, then waits.
const tree = `sleep 100 & echo $!; setsid sh -c 'trap "" TERM; sleep 100' >/dev/null 2>&1 & echo $!; ` +
	`(sleep 100 >/dev/null 2>&1 & echo $!); wait`

// startSupervised starts script under a supervisor and returns the command
// and the first n lines of its output as pids.
func startSupervised(t *testing.T, script string, statusFD int, n int) (*exec.Cmd, []int) {
	t.Helper()
	name, args := Wrap([]string{"/bin/sh", "-c", script}, 200*time.Millisecond, statusFD)
	cmd := exec.Command(name, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
	return cmd, readPids(t, out, n)
}

func readPids(t *testing.T, r io.Reader, n int) []int {
	t.Helper()
	sc := bufio.NewScanner(r)
	var pids []int
	for len(pids) < n && sc.Scan() {
		pid, err := strconv.Atoi(sc.Text())
		if err != nil {
			t.Fatalf("unexpected line %q", sc.Text())
		}
		pids = append(pids, pid)
	}
	if len(pids) < n {
		t.Fatalf("read %d pids, want %d", len(pids), n)
	}
	return pids
}

func TestStopKillsTheWholeSubtree(t *testing.T) {
	cmd, pids := startSupervised(t, tree, -1, 3)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	for _, pid := range pids {
		if Alive(pid) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("process %d outlived its stopped supervisor", pid)
		}
	}
}

// With a status descriptor the shell's status comes at once, what holds
// the output is stopped, and the supervisor stays for the rest.
func TestStatusAndLinger(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	script := `sleep 100 & echo $!; (setsid sleep 100 >/dev/null 2>&1 & echo $!); exit 3`
	name, args := Wrap([]string{"/bin/sh", "-c", script}, 200*time.Millisecond, 3)
	cmd := exec.Command(name, args...)
	cmd.ExtraFiles = []*os.File{w}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { _ = syscall.Kill(cmd.Process.Pid, syscall.SIGKILL) })
	status, err := io.ReadAll(r)
	if err != nil || string(status) != "3" {
		t.Fatalf("status = %q, %v; want 3", status, err)
	}
	pids := readPids(t, out, 2)
	if !gone(pids[0], 10*time.Second) {
		t.Errorf("the sleep holding the output is still alive")
	}
	if !Alive(pids[1]) || !Alive(cmd.Process.Pid) {
		t.Fatalf("the detached sleep (%v) and the supervisor (%v) should stay", Alive(pids[1]), Alive(cmd.Process.Pid))
	}
	_ = cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		t.Logf("supervisor: %v", err)
	}
	if Alive(pids[1]) {
		_ = syscall.Kill(pids[1], syscall.SIGKILL)
		t.Errorf("the detached sleep outlived its stopped supervisor")
	}
}

func TestDescendants(t *testing.T) {
	cmd, pids := startSupervised(t, tree, -1, 3)
	got := map[int]bool{}
	for _, pid := range Descendants(cmd.Process.Pid) {
		got[pid] = true
	}
	for _, pid := range pids {
		if !got[pid] {
			t.Errorf("Descendants(%d) misses %d: %v", cmd.Process.Pid, pid, got)
		}
	}
	if n := Signal(cmd.Process.Pid, syscall.SIGKILL); n < len(pids) {
		t.Errorf("Signal found %d processes, want at least %d", n, len(pids))
	}
	_ = cmd.Wait()
}

func gone(pid int, bound time.Duration) bool {
	for deadline := time.Now().Add(bound); Alive(pid); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			return false
		}
	}
	return true
}
