package shells

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"corvid/internal/proctree"
)

// A command that kills its own supervisor (SIGKILL: no clean-up) leaves
// a process in a new session behind; the job's cgroup still finds it once
// the job is done.
func TestJobCgroupCatchesWhatEscapesTheSupervisor(t *testing.T) {
	probe := proctree.NewCgroup()
	if probe == nil {
		t.Skip("no writable cgroup v2 hierarchy")
	}
	probe.Remove()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	j, err := StartJob(FindShell(""), "setsid sleep 100 >/dev/null 2>&1 & echo $!; kill -9 $PPID; sleep 100",
		t.TempDir(), nil, w, time.Second)
	w.Close()
	if err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(r).ReadString('\n')
	pid, perr := strconv.Atoi(strings.TrimSpace(line))
	if err != nil || perr != nil {
		t.Fatalf("reading the pid: %q, %v", line, err)
	}
	select {
	case <-j.Done():
	case <-time.After(10 * time.Second):
		j.Stop()
		t.Fatal("the job did not end when its supervisor was killed")
	}
	for deadline := time.Now().Add(5 * time.Second); proctree.Alive(pid); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("process %d outlived its job", pid)
		}
	}
}
