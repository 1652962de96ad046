//go:build linux

package tui

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/proctree"
)

// bangPID runs a `!` command that ignores SIGTERM and SIGINT and never
// ends, waits until the live region shows its output, and returns the
// pid of what it runs.
func bangPID(t *testing.T, h *harness, dir string) int {
	t.Helper()
	pidFile := filepath.Join(dir, "pid")
	h.typeLine("!trap '' TERM INT; echo $$ > " + pidFile + "; echo never-ending; exec sleep 300")
	h.waitFor("the running command and its output", func(_, v string) bool {
		return strings.Contains(v, "(esc to interrupt)") && strings.Contains(v, "⎿ never-ending")
	})
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	return pid
}

func waitGone(t *testing.T, pid int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for proctree.Alive(pid) {
		if time.Now().After(deadline) {
			t.Fatalf("process %d is still running", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A `!` command that never ends shows in the live region while it runs,
// and esc stops it (a child that ignores SIGTERM too) at once, says so,
// and leaves the box free for the next command. Before, esc did nothing
// and the command ran on, unseen, for two minutes.
func TestBangEscStopsNeverEndingCommand(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t, 80, nil, func(o *Options) { o.Cwd = dir })
	pid := bangPID(t, h, dir)
	h.key(tea.KeyEscape, 0)
	h.waitFor("the interruption", func(p, v string) bool {
		return strings.Contains(p, "interrupted by the user") && !strings.Contains(v, "esc to interrupt")
	})
	waitGone(t, pid)
	h.typeLine("!echo next-one")
	h.waitFor("the next command", func(p, _ string) bool { return strings.Contains(p, "⎿ next-one") })
}

// ctrl+c on an empty box stops a running `!` command as esc does (and
// arms the exit); a second `!` while one runs is kept in the box.
func TestBangCtrlCStopsCommand(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t, 80, nil, func(o *Options) { o.Cwd = dir })
	pid := bangPID(t, h, dir)
	h.typeLine("!echo second")
	h.waitFor("the second command kept", func(_, v string) bool {
		return strings.Contains(v, "> !echo second") && strings.Contains(v, "still running")
	})
	h.key('u', tea.ModCtrl)
	h.key('c', tea.ModCtrl)
	h.waitFor("the interruption", func(p, _ string) bool { return strings.Contains(p, "interrupted by the user") })
	waitGone(t, pid)
}

// A `!` command runs in a session of its own, without the interface's
// terminal: what it writes to /dev/tty cannot draw over the screen. Its
// shell's session is not the interface's, and it has no terminal.
func TestBangRunsWithoutTheTerminal(t *testing.T) {
	stat, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		t.Fatal(err)
	}
	ours := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))[3] // the session field
	h := newHarness(t, 80, nil, func(o *Options) { o.Cwd = t.TempDir() })
	h.typeLine(`!set -- $(sed 's/.*) //' /proc/$$/stat); [ "$4" != "` + ours + `" ] && [ "$5" = 0 ]; echo "verdict-$?"`)
	h.waitFor("the answer", func(p, _ string) bool { return strings.Contains(p, "⎿ verdict-") })
	if p := h.scrollback(); !strings.Contains(p, "⎿ verdict-0") {
		t.Errorf("the command shares the interface's session or has a terminal:\n%s", p)
	}
}

// Esc stops what a `!` command started in a session of its own (setsid)
// and that ignores SIGTERM, too: the command runs under a supervisor
// that stops its whole subtree. Before, only the command's process group
// was killed and the detached child ran on.
func TestBangEscStopsADetachedChild(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	h := newHarness(t, 80, nil, func(o *Options) { o.Cwd = dir })
	h.typeLine(`!setsid sh -c 'trap "" TERM; echo $$ > ` + pidFile + `; exec sleep 300' & until [ -s ` + pidFile +
		` ]; do sleep 0.05; done; echo detached; sleep 300`)
	h.waitFor("the running command", func(_, v string) bool { return strings.Contains(v, "⎿ detached") })
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGKILL) })
	h.key(tea.KeyEscape, 0)
	h.waitFor("the interruption", func(p, _ string) bool { return strings.Contains(p, "interrupted by the user") })
	waitGone(t, pid)
}
