//go:build linux

package tui

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"corvid/internal/proctree"
)

// A `!` command that leaves a child in the background holding its output
// open still finishes, and the child does not outlive it.
func TestBangBackgroundChildIsEnded(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	h := newHarness(t, 80, nil, func(o *Options) { o.Cwd = dir })
	h.typeLine("!sleep 300 & echo $! > " + pidFile + "; echo bg-started")
	h.waitFor("the command to finish", func(p, _ string) bool { return strings.Contains(p, "⎿ bg-started") })
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for proctree.Alive(pid) {
		if time.Now().After(deadline) {
			t.Fatalf("the background sleep %d outlived its `!` command", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
