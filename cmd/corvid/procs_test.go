package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// procWait bounds the waits for a marked process to appear or go.
const procWait = 15 * time.Second

// corvidsigproc SIGNAL CODE MARKER ARGS...   start corvid, send SIGNAL
// (INT, TERM or KILL) once a process whose command line or environment
// holds MARKER is running, and require exit status CODE ("-" for KILL).
func (s *servers) corvidSignalProc(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 3 {
		ts.Fatalf("usage: corvidsigproc INT|TERM|KILL CODE MARKER args...")
	}
	sig := map[string]syscall.Signal{"INT": syscall.SIGINT, "TERM": syscall.SIGTERM, "KILL": syscall.SIGKILL}[args[0]]
	if sig == 0 {
		ts.Fatalf("unknown signal %q", args[0])
	}
	cmd := s.command(ts, args[3:])
	ts.Check(cmd.Start())
	deadline := time.Now().Add(procWait)
	for len(marked(args[2])) == 0 {
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			ts.Fatalf("no process marked %q appeared; stdout: %s\nstderr: %s", args[2], cmd.Stdout, cmd.Stderr)
		}
		time.Sleep(10 * time.Millisecond) // polling /proc, bounded
	}
	ts.Check(cmd.Process.Signal(sig))
	err := cmd.Wait()
	if args[1] == "-" {
		return
	}
	s.finish(ts, cmd, err, args[1])
}

// noprocs MARKER   wait (bounded) until no process's command line or
// environment holds MARKER; survivors fail the script and are killed.
func noprocs(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: noprocs MARKER")
	}
	deadline := time.Now().Add(procWait)
	for {
		left := marked(args[0])
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			for _, pid := range left {
				_ = syscall.Kill(pid, syscall.SIGKILL) // ours: they carry the marker
			}
			ts.Fatalf("processes marked %q survived: %v", args[0], describe(left))
		}
		time.Sleep(20 * time.Millisecond) // polling /proc, bounded
	}
}

// marked lists the live processes whose command line or environment holds
// marker, the test process itself excepted.
func marked(marker string) []int {
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	var out []int
	for _, d := range dirs {
		pid, err := strconv.Atoi(filepath.Base(d))
		if err != nil || pid == os.Getpid() || zombie(d) {
			continue
		}
		for _, f := range []string{"cmdline", "environ"} {
			data, err := os.ReadFile(filepath.Join(d, f))
			if err == nil && bytes.Contains(data, []byte(marker)) {
				out = append(out, pid)
				break
			}
		}
	}
	return out
}

// zombie reports whether /proc/<pid> (dir) is a process that has exited.
func zombie(dir string) bool {
	data, err := os.ReadFile(filepath.Join(dir, "stat"))
	if err != nil {
		return true
	}
	i := bytes.LastIndexByte(data, ')')
	if i < 0 || i+2 >= len(data) {
		return true
	}
	return data[i+2] == 'Z' || data[i+2] == 'X'
}

func describe(pids []int) string {
	var b strings.Builder
	for _, pid := range pids {
		data, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
		b.WriteString(strconv.Itoa(pid) + ": " + strings.ReplaceAll(string(data), "\x00", " ") + "; ")
	}
	return b.String()
}
