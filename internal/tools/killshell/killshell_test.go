package killshell

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"go.uber.org/goleak"

	"corvid/internal/shells"
	"corvid/internal/tool/tooltest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func TestKillShell(t *testing.T) {
	dir := t.TempDir()
	env := tooltest.Env(dir)
	mgr := shells.New(shells.Options{KillGrace: time.Second})
	t.Cleanup(func() { mgr.Close(context.Background()) })
	tl := New(mgr)
	ready := filepath.Join(dir, "ready")
	if err := syscall.Mkfifo(ready, 0o600); err != nil {
		t.Fatal(err)
	}
	running, err := mgr.Start(shells.Spec{Command: "sleep 100 & sleep 100 & echo > ready; wait", Dir: dir,
		SessionDir: env.SessionDir})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.ReadFile(ready); err != nil {
		t.Fatal(err)
	}
	finished, err := mgr.Start(shells.Spec{Command: "exit 5", Dir: dir, SessionDir: env.SessionDir})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := mgr.Wait(ctx, finished.ID); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name    string
		input   map[string]any
		id      string
		isError bool
	}{
		{"stopped", map[string]any{"shell_id": running.ID}, running.ID, false},
		{"already_stopped", map[string]any{"shell_id": running.ID}, running.ID, false},
		{"already_finished", map[string]any{"shell_id": finished.ID}, finished.ID, false},
		{"unknown_id", map[string]any{"shell_id": "bash_missing"}, "", true},
		{"empty_id", map[string]any{"shell_id": " "}, "", true},
		{"missing_id", map[string]any{}, "", true},
	}
	for _, tc := range cases {
		r := tooltest.Call(t, context.Background(), tl, env, tc.input)
		if r.Result.IsError != tc.isError {
			t.Errorf("%s: IsError = %v, text %q", tc.name, r.Result.IsError, r.Text())
		}
		tooltest.Golden(t, tc.name, r.Text(), map[string]string{running.ID: "<RUNNING>", finished.ID: "<FINISHED>"})
		if tc.id != "" {
			if out, ok := r.Result.Structured.(Output); !ok || out.ShellID != tc.id || out.Message != r.Text() {
				t.Errorf("%s: structured = %+v", tc.name, r.Result.Structured)
			}
		}
	}
	if shells.GroupAlive(running.PID) {
		t.Errorf("process group %d survived KillShell", running.PID)
	}
}

func TestNameAndAlias(t *testing.T) {
	tl := New(nil)
	in := json.RawMessage(`{"shell_id":"x"}`)
	if tl.Name() != "KillShell" || len(tl.Aliases()) != 1 || tl.Aliases()[0] != "KillBash" ||
		tl.IsReadOnly(in) || tl.IsConcurrencySafe(in) {
		t.Errorf("KillShell: name %q aliases %q", tl.Name(), tl.Aliases())
	}
}
