package bashoutput

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.uber.org/goleak"

	"corvid/internal/shells"
	"corvid/internal/spill"
	"corvid/internal/tool"
	"corvid/internal/tool/tooltest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

type fixture struct {
	t   *testing.T
	dir string
	mgr *shells.Manager
	env tool.Env
	tl  tool.Tool
}

func newFixture(t *testing.T, opts shells.Options) *fixture {
	t.Helper()
	dir := t.TempDir()
	mgr := shells.New(opts)
	t.Cleanup(func() {
		if err := mgr.Close(context.Background()); err != nil {
			t.Error(err)
		}
	})
	return &fixture{t: t, dir: dir, mgr: mgr, env: tooltest.Env(dir), tl: New(mgr)}
}

// start runs command in the background; with wait it also waits for the
// end.
func (f *fixture) start(command string, wait bool) shells.Info {
	f.t.Helper()
	info, err := f.mgr.Start(shells.Spec{Command: command, Dir: f.dir, SessionDir: f.env.SessionDir})
	if err != nil {
		f.t.Fatal(err)
	}
	if wait {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if info, err = f.mgr.Wait(ctx, info.ID); err != nil {
			f.t.Fatal(err)
		}
	}
	return info
}

func (f *fixture) read(input map[string]any, golden string, info shells.Info) tooltest.Run {
	f.t.Helper()
	r := tooltest.Call(f.t, context.Background(), f.tl, f.env, input)
	if golden != "" {
		tooltest.Golden(f.t, golden, r.Text(), map[string]string{info.ID: "<ID>", f.dir: "<DIR>"})
	}
	return r
}

func TestResults(t *testing.T) {
	f := newFixture(t, shells.Options{})
	done := f.start("echo alpha; echo beta >&2", true)
	failed := f.start("echo broken; exit 4", true)
	cases := []struct {
		name   string
		info   shells.Info
		filter string
	}{
		{"completed", done, ""},
		{"no_new_output", done, ""},
		{"failed", failed, "zzz"},
		{"failed_filter_consumed", failed, ""},
	}
	for _, tc := range cases {
		in := map[string]any{"bash_id": tc.info.ID}
		if tc.filter != "" {
			in["filter"] = tc.filter
		}
		if r := f.read(in, tc.name, tc.info); r.Result.IsError {
			t.Errorf("%s: error result %q", tc.name, r.Text())
		}
	}
}

func TestRunningAndKilled(t *testing.T) {
	f := newFixture(t, shells.Options{KillGrace: time.Second})
	ready := filepath.Join(f.dir, "ready")
	if err := syscall.Mkfifo(ready, 0o600); err != nil {
		t.Fatal(err)
	}
	info := f.start("echo one; echo two; echo three; echo > ready; sleep 100", false)
	if _, err := os.ReadFile(ready); err != nil {
		t.Fatal(err)
	}
	r := f.read(map[string]any{"bash_id": info.ID, "filter": "^t"}, "running_filtered", info)
	var out Output
	raw, _ := json.Marshal(r.Result.Structured)
	if err := json.Unmarshal(raw, &out); err != nil || out.ExitCode != nil || out.Status != "running" ||
		out.StdoutLines != 2 || out.FilterPattern != "^t" || out.ShellID != info.ID {
		t.Errorf("structured = %s (%v)", raw, err)
	}
	if _, _, err := f.mgr.Kill(info.ID); err != nil {
		t.Fatal(err)
	}
	f.read(map[string]any{"bash_id": info.ID}, "killed", info)
}

func TestOmittedNote(t *testing.T) {
	f := newFixture(t, shells.Options{MaxRead: 20})
	info := f.start("seq 1 100", true)
	r := f.read(map[string]any{"bash_id": info.ID}, "omitted", info)
	if r.Result.IsError {
		t.Errorf("error result %q", r.Text())
	}
}

func TestInvalidInput(t *testing.T) {
	f := newFixture(t, shells.Options{})
	cases := []struct {
		name  string
		input map[string]any
	}{
		{"unknown_id", map[string]any{"bash_id": "bash_missing"}},
		{"bad_regex", map[string]any{"bash_id": "bash_x", "filter": "a("}},
		{"empty_id", map[string]any{"bash_id": ""}},
		{"missing_id", map[string]any{}},
	}
	for _, tc := range cases {
		r := f.read(tc.input, "invalid_"+tc.name, shells.Info{ID: "\x00"})
		if !r.Result.IsError {
			t.Errorf("%s: want an error, got %q", tc.name, r.Text())
		}
	}
}

func TestPredicates(t *testing.T) {
	tl := New(nil)
	in := json.RawMessage(`{"bash_id":"x"}`)
	if tl.Name() != "BashOutput" || !tl.IsReadOnly(in) || !tl.IsConcurrencySafe(in) || tl.IsDestructive(in) {
		t.Errorf("BashOutput predicates wrong")
	}
}

func TestLogCapNotes(t *testing.T) {
	f := newFixture(t, shells.Options{MaxRead: 20, Spill: spill.NewBudget(spill.Limits{MaxFile: 4096})})
	info := f.start("seq 1 5000", true)
	r := f.read(map[string]any{"bash_id": info.ID}, "dropped", info)
	if !strings.Contains(r.Text(), "<note>19968 bytes of new output were dropped from the log") {
		t.Errorf("no note on the dropped bytes: %q", r.Text())
	}
	f = newFixture(t, shells.Options{Spill: spill.NewBudget(spill.Limits{Reserve: 1 << 60})})
	info = f.start("echo hello", true)
	r = tooltest.Call(t, context.Background(), f.tl, f.env, map[string]any{"bash_id": info.ID})
	if !strings.Contains(r.Text(), "<output>\nhello\n</output>") ||
		!strings.Contains(r.Text(), "<note>The log stopped saving this shell's output (") ||
		!strings.Contains(r.Text(), "free disk space") {
		t.Errorf("no note on the unsaved output: %q", r.Text())
	}
}
