//go:build unix

package command

import (
	"os"
	"path/filepath"
	"reflect"
	"syscall"
	"testing"
	"time"
)

// A FIFO (or any non-regular file) named like a definition is reported,
// not opened: opening it would block start-up.
func TestLoadSkipsFIFOs(t *testing.T) {
	cwd := t.TempDir()
	write(t, filepath.Join(cwd, ".claude/commands/ok.md"), "fine\n")
	for _, p := range []string{".claude/commands/fifo.md", ".claude/skills/pipe/SKILL.md"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(cwd, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := syscall.Mkfifo(filepath.Join(cwd, p), 0o644); err != nil {
			t.Skip("no FIFOs here:", err)
		}
	}
	done := make(chan struct{})
	var set *Set
	var problems []error
	go func() {
		defer close(done)
		set, problems = Load(Options{Cwd: cwd})
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("Load blocked on a FIFO")
	}
	if names := set.UserNames(); !reflect.DeepEqual(names, []string{"ok"}) || len(problems) != 1 {
		t.Errorf("names %q, problems %v", names, problems)
	}
}
