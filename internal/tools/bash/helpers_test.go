package bash

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.uber.org/goleak"

	"corvid/internal/shells"
	"corvid/internal/tool"
	"corvid/internal/tool/tooltest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// fixture is a Bash tool over a temporary project directory.
type fixture struct {
	t    *testing.T
	dir  string
	env  tool.Env
	mgr  *shells.Manager
	tool tool.Tool
}

func newFixture(t *testing.T, opts Options) *fixture {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	mgr := shells.New(shells.Options{KillGrace: 500 * time.Millisecond})
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := mgr.Close(ctx); err != nil {
			t.Errorf("closing the shell manager: %v", err)
		}
	})
	return &fixture{t: t, dir: dir, env: tooltest.Env(dir), mgr: mgr, tool: New(mgr, opts)}
}

func (f *fixture) run(input map[string]any) tooltest.Run {
	f.t.Helper()
	return f.runCtx(context.Background(), input)
}

func (f *fixture) runCtx(ctx context.Context, input map[string]any) tooltest.Run {
	f.t.Helper()
	return tooltest.Call(f.t, ctx, f.tool, f.env, input)
}

func (f *fixture) cmd(command string) tooltest.Run {
	f.t.Helper()
	return f.run(map[string]any{"command": command})
}

// write creates a file in the project directory.
func (f *fixture) write(name, content string) string {
	f.t.Helper()
	path := filepath.Join(f.dir, name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		f.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		f.t.Fatal(err)
	}
	return path
}

// fifo makes a named pipe in the project directory.
func (f *fixture) fifo(name string) string {
	f.t.Helper()
	path := filepath.Join(f.dir, name)
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		f.t.Fatal(err)
	}
	return path
}

func (f *fixture) golden(name, text string) {
	f.t.Helper()
	tooltest.Golden(f.t, name, text, map[string]string{f.dir: "<DIR>", shells.FindShell(""): "<SHELL>"})
}

func structured(t *testing.T, r tooltest.Run) Output {
	t.Helper()
	out, ok := r.Result.Structured.(Output)
	if !ok {
		t.Fatalf("structured result is %T, want Output", r.Result.Structured)
	}
	return out
}

// pgidFrom reads the "pgid=N" line a test command prints.
func pgidFrom(t *testing.T, text string) int {
	t.Helper()
	for _, line := range strings.Split(text, "\n") {
		if v, ok := strings.CutPrefix(line, "pgid="); ok {
			n, err := strconv.Atoi(v)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatalf("no pgid line in %q", text)
	return 0
}

func assertGroupGone(t *testing.T, pgid int) {
	t.Helper()
	if shells.GroupAlive(pgid) {
		t.Errorf("process group %d is still alive", pgid)
		_ = shells.SignalGroup(pgid, syscall.SIGKILL)
	}
}
