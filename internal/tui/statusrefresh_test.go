//go:build !windows

package tui

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"go.uber.org/goleak"

	"corvid/internal/event"
	"corvid/internal/permission"
)

// statusLine.refreshInterval is seconds, at least 1, as Claude Code's
// schema has it; a bad value drops the refresh, not the statusLine.
// (Claude Code 2.1.332, watched in tmux: 0.5 never refreshes, 2 re-runs
// the command every 2 s.)
func TestRefreshIntervalSetting(t *testing.T) {
	cases := map[string]time.Duration{
		`{"type":"command","command":"x"}`:                           0,
		`{"type":"command","command":"x","refreshInterval":5}`:       5 * time.Second,
		`{"type":"command","command":"x","refreshInterval":1.5}`:     1500 * time.Millisecond,
		`{"type":"command","command":"x","refreshInterval":1}`:       time.Second,
		`{"type":"command","command":"x","refreshInterval":0.5}`:     0,
		`{"type":"command","command":"x","refreshInterval":0}`:       0,
		`{"type":"command","command":"x","refreshInterval":-3}`:      0,
		`{"type":"command","command":"x","refreshInterval":"5"}`:     0,
		`{"type":"command","command":"x","refreshInterval":null}`:    0,
		`{"type":"command","command":"x","refreshInterval":1e300}`:   maxRefreshInterval,
		`{"type":"command","command":"x","refreshInterval":[1]}`:     0,
		`{"type":"command","command":"x","refreshInterval":{"a":1}}`: 0,
	}
	for raw, want := range cases {
		s := ReadSettings(func(k string) (json.RawMessage, bool) {
			return json.RawMessage(raw), k == "statusLine"
		}, nil)
		if s.StatusLine == nil || s.StatusLine.Command != "x" {
			t.Errorf("%s: statusLine lost: %+v", raw, s.StatusLine)
			continue
		}
		if s.StatusLine.RefreshInterval != want {
			t.Errorf("%s: refresh %v, want %v", raw, s.StatusLine.RefreshInterval, want)
		}
	}
}

// fakeTimers stands for time.AfterFunc: it records each timer armed,
// and the test fires them.
type fakeTimers struct {
	mu    sync.Mutex
	armed []fakeTimer
}

type fakeTimer struct {
	d       time.Duration
	fire    func()
	stopped *bool
}

func (f *fakeTimers) afterFunc(d time.Duration, fire func()) func() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	stopped := new(bool)
	f.armed = append(f.armed, fakeTimer{d, fire, stopped})
	return func() bool {
		f.mu.Lock()
		defer f.mu.Unlock()
		*stopped = true
		return true
	}
}

func (f *fakeTimers) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.armed)
}

// last is the newest timer, once n have been armed.
func (f *fakeTimers) waitArmed(t *testing.T, n int) fakeTimer {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		f.mu.Lock()
		if len(f.armed) >= n {
			last := f.armed[len(f.armed)-1]
			f.mu.Unlock()
			return last
		}
		f.mu.Unlock()
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("fewer than %d timers armed", n)
	return fakeTimer{}
}

// countingCommand appends a line to a file at each run and prints the
// run's number.
func countingCommand(t *testing.T) (string, func() int) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "runs")
	cmd := `echo x >> '` + file + `'; echo "run $(wc -l < '` + file + `' | tr -d ' ')"`
	return cmd, func() int {
		data, _ := os.ReadFile(file)
		return strings.Count(string(data), "\n")
	}
}

// With refreshInterval the command re-runs at each tick of one timer,
// re-armed at each tick; a tick of a timer since replaced does nothing.
func TestStatusRefreshTicks(t *testing.T) {
	cmd, runs := countingCommand(t)
	timers := &fakeTimers{}
	h, _, _ := statusHarness(t, cmd, func(o *Options) {
		o.afterFunc = timers.afterFunc
		o.Settings = func() Settings {
			return Settings{StatusLine: &StatusLineSetting{Type: "command", Command: cmd, RefreshInterval: 7 * time.Second}}
		}
	})
	first := timers.waitArmed(t, 1)
	if first.d != 7*time.Second {
		t.Fatalf("armed for %v", first.d)
	}
	h.waitFor("the first run (the status changed)", func(_, v string) bool { return strings.Contains(v, "run 1") })
	first.fire()
	h.waitFor("a refresh", func(_, v string) bool { return strings.Contains(v, "run 2") })
	second := timers.waitArmed(t, 2) // re-armed at the tick
	first.fire()                     // the old timer: ignored
	second.fire()
	h.waitFor("another refresh", func(_, v string) bool { return strings.Contains(v, "run 3") })
	timers.waitArmed(t, 3)
	if n := runs(); n != 3 {
		t.Errorf("%d runs, want 3", n)
	}
	if n := timers.count(); n != 3 {
		t.Errorf("%d timers armed, want 3 (one per tick, the stale tick none)", n)
	}
}

// A tick while the command runs is skipped: runs never overlap.
func TestStatusRefreshSkipsWhileRunning(t *testing.T) {
	timers := &fakeTimers{}
	m := newModel(context.Background(), Options{afterFunc: timers.afterFunc}, newBridge())
	m.conv = &fakeConv{}
	m.ext.settings.StatusLine = &StatusLineSetting{Type: "command", Command: "true", RefreshInterval: time.Second}
	m.armStatusRefresh()
	m.status.running = true
	if cmd := m.statusRefreshTick(statusRefreshMsg{m.status.refresh.gen}); cmd != nil || m.status.runs != 0 {
		t.Fatalf("a tick during a run started another (runs %d)", m.status.runs)
	}
	if timers.count() != 2 {
		t.Fatalf("the skipped tick did not re-arm (%d timers)", timers.count())
	}
	m.status.running = false
	if cmd := m.statusRefreshTick(statusRefreshMsg{m.status.refresh.gen}); cmd == nil || m.status.runs != 1 || !m.status.running {
		t.Fatalf("a tick after the run ran nothing (runs %d)", m.status.runs)
	}
	m.stopStatusRefresh()
	if !*timers.armed[2].stopped {
		t.Error("stop left the timer armed")
	}
}

// Without refreshInterval no timer is ever armed: an idle session runs
// nothing.
func TestStatusRefreshOffByDefault(t *testing.T) {
	cmd, runs := countingCommand(t)
	timers := &fakeTimers{}
	h, _, _ := statusHarness(t, cmd, func(o *Options) { o.afterFunc = timers.afterFunc })
	h.waitFor("the first run", func(_, v string) bool { return strings.Contains(v, "run 1") })
	h.typeLine("hello")
	h.waitFor("the turn's run", func(_, v string) bool { return strings.Contains(v, "run 2") })
	if n := timers.count(); n != 0 {
		t.Errorf("%d timers armed without refreshInterval", n)
	}
	if n := runs(); n < 2 {
		t.Errorf("%d runs", n)
	}
}

// The real timer (1 s, the least) re-runs the command and is stopped
// when the interface ends: no run happens after.
func TestStatusRefreshStopsOnExit(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	cmd, runs := countingCommand(t)
	conv := &fakeConv{}
	o := Options{Cwd: t.TempDir(), ConfigDir: t.TempDir(), Profile: colorprofile.Ascii, Width: 80}
	var mu sync.Mutex
	var last *bool // whether the newest real timer was stopped
	o.afterFunc = func(d time.Duration, f func()) func() bool {
		timer, stopped := time.AfterFunc(d, f), new(bool)
		mu.Lock()
		last = stopped
		mu.Unlock()
		return func() bool { mu.Lock(); *stopped = true; mu.Unlock(); return timer.Stop() }
	}
	o.Settings = func() Settings {
		return Settings{StatusLine: &StatusLineSetting{Type: "command", Command: cmd, RefreshInterval: time.Second}}
	}
	o.Open = func(_ context.Context, sink event.Sink, _ permission.Asker, _ string) (Backend, error) {
		conv.sink = sink
		return conv, nil
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	defer pw.Close()
	done := make(chan error, 1)
	go func() {
		done <- run(context.Background(), o, newScreen(io.Discard, 80, 30), pr, nil, func(func(tea.Msg), <-chan struct{}) {})
	}()
	deadline := time.Now().Add(20 * time.Second)
	for runs() < 3 && time.Now().Before(deadline) { // the first run, then two ticks
		time.Sleep(20 * time.Millisecond)
	}
	if n := runs(); n < 3 {
		t.Fatalf("%d runs in 20 s with a 1 s refresh", n)
	}
	if _, err := io.WriteString(pw, "\x04"); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("ctrl+d did not end the interface")
	}
	mu.Lock()
	if last == nil || !*last {
		t.Error("the refresh timer was left armed when the interface ended")
	}
	mu.Unlock()
	after := runs()
	time.Sleep(2500 * time.Millisecond) // two more periods
	if n := runs(); n != after {
		t.Errorf("the command ran %d times after the interface ended", n-after)
	}
}
