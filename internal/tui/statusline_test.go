//go:build !windows

package tui

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"corvid/internal/config"
	"corvid/internal/event"
	"corvid/internal/permission"
)

// statusHarness runs the interface with a statusLine command.
func statusHarness(t *testing.T, command string, tweak func(*Options)) (*harness, *lockedBuffer, string) {
	t.Helper()
	log, cwd := &lockedBuffer{}, t.TempDir()
	plain := func(context.Context, *fakeConv) event.Result {
		return event.Result{Subtype: event.SubtypeSuccess, TotalCostUSD: 0.25, DurationAPI: 1500 * time.Millisecond}
	}
	h := newHarness(t, 80, []turnFunc{plain, plain}, func(o *Options) {
		o.Log, o.Cwd = log, cwd
		o.Settings = func() Settings {
			return Settings{StatusLine: &StatusLineSetting{Type: "command", Command: command, Padding: 1}}
		}
		if tweak != nil {
			tweak(o)
		}
	})
	h.waitFor("the banner", func(p, _ string) bool { return strings.Contains(p, "corvid") })
	return h, log, cwd
}

// The command reads Claude Code's JSON on stdin and its first line
// replaces the built-in status line, colours kept.
func TestStatusLineReadsSessionJSON(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.json")
	script := `cat > '` + in + `'; j=$(cat '` + in + `'); ` +
		`printf '\033[32m%s\033[0m\nsecond line\n' "$(echo "$j" | grep -o '"session_id":"[^"]*"')"`
	h, log, cwd := statusHarness(t, script, func(o *Options) { o.Profile = colorprofile.ANSI })
	t.Cleanup(func() { t.Log(log.String()) })
	h.typeLine("hello")
	h.waitFor("the command's line", func(_, v string) bool { return strings.Contains(v, ` "session_id":"sess-1"`) })
	h.waitFor("the cost in the JSON", func(_, _ string) bool {
		data, _ := os.ReadFile(in)
		return strings.Contains(string(data), `"total_cost_usd":0.25`)
	})
	var got map[string]any
	data, _ := os.ReadFile(in)
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatalf("stdin is not JSON: %v\n%s", err, data)
	}
	want := map[string]string{"session_id": "sess-1", "cwd": cwd, "model.id": "claude-test",
		"model.display_name": "claude-test", "workspace.current_dir": cwd, "workspace.project_dir": cwd,
		"output_style.name": "default", "cost.total_api_duration_ms": "1500", "context_window.context_window_size": "200000"}
	for k, w := range want {
		v := any(got)
		for _, part := range strings.Split(k, ".") {
			v = v.(map[string]any)[part]
		}
		if s := toString(v); s != w {
			t.Errorf("%s = %v, want %s", k, v, w)
		}
	}
	if tp, _ := got["transcript_path"].(string); !strings.HasSuffix(tp, "/sess-1.jsonl") {
		t.Errorf("transcript_path %q", tp)
	}
	if v := h.currentView(); strings.Contains(v, "claude-test ·") || !strings.Contains(v, " second line") {
		t.Errorf("the built-in line still shows, or the second line is missing:\n%s", v)
	}
	// The view has it at once; the terminal gets it with the next frame.
	h.waitFor("the line in colour on the terminal", func(string, string) bool {
		return strings.Contains(h.term.String(), "\x1b[32m\"session_id\":\"sess-1\"\x1b[")
	})
}

func toString(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return ""
}

// A command past its time is killed with its whole process group (its
// child too) and the built-in line comes back; why goes to the log.
func TestStatusLineSlowIsKilled(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "child.pid")
	script := `sleep 60 & echo $! > '` + pidFile + `'; echo early; wait`
	h, log, _ := statusHarness(t, script, func(o *Options) { o.statusTimeout = 2 * time.Second }) // time for sh to start under load
	h.typeLine("hello")
	h.waitFor("the timeout in the log", func(string, string) bool { return strings.Contains(log.String(), "timed out") })
	h.waitFor("the built-in line", func(_, v string) bool { return strings.Contains(v, "claude-test · default mode") })
	if strings.Contains(h.currentView(), "early") {
		t.Errorf("a killed command's output shows:\n%s", h.currentView())
	}
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(data)))
	deadline := time.Now().Add(10 * time.Second)
	for syscall.Kill(pid, 0) == nil && !zombie(pid) {
		if time.Now().After(deadline) {
			t.Fatalf("the command's child %d outlived the timeout", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// zombie: the process is dead, waiting for a parent (the test's own
// orphans are reaped by init, which can lag).
func zombie(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	_, after, _ := strings.Cut(string(data), ") ")
	return strings.HasPrefix(after, "Z")
}

// A failing command shows the built-in line; its stderr goes to the
// log, never to the screen.
func TestStatusLineFailingFallsBack(t *testing.T) {
	h, log, _ := statusHarness(t, `echo half-output; echo oops-on-stderr >&2; exit 3`, nil)
	h.typeLine("hello")
	h.waitFor("the failure in the log", func(string, string) bool {
		return strings.Contains(log.String(), "oops-on-stderr") && strings.Contains(log.String(), "exit status 3")
	})
	h.waitFor("the built-in line", func(_, v string) bool { return strings.Contains(v, "claude-test · default mode") })
	if term := h.term.String(); strings.Contains(term, "oops-on-stderr") || strings.Contains(term, "half-output") {
		t.Errorf("the failing command reached the screen: %q", term)
	}
}

// A statusLine from the repository's own settings does not run in an
// untrusted directory (the settings loader withholds it, as it does
// hooks): the built-in line shows with a note. Trusted, it runs.
func TestStatusLineUntrustedRepositoryNotRun(t *testing.T) {
	for _, trusted := range []bool{false, true} {
		t.Run(strconv.FormatBool(trusted), func(t *testing.T) {
			repo := t.TempDir()
			marker := filepath.Join(repo, "ran")
			settings := `{"statusLine":{"type":"command","command":"touch '` + marker + `'; echo repo-line"}}`
			if err := os.MkdirAll(filepath.Join(repo, ".claude"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(repo, ".claude", "settings.json"), []byte(settings), 0o644); err != nil {
				t.Fatal(err)
			}
			load := func() Settings {
				set, _, notices, err := config.Load(config.Options{Cwd: repo, ConfigDir: t.TempDir(),
					ManagedDir: t.TempDir(), Trusted: trusted})
				if err != nil {
					t.Error(err)
					return Settings{}
				}
				var withheld []string
				for _, n := range notices {
					withheld = append(withheld, n.Ignored...)
				}
				return ReadSettings(set.Lookup, withheld)
			}
			h, _, _ := statusHarness(t, "", func(o *Options) { o.Settings, o.Cwd = load, repo })
			h.typeLine("hello")
			if trusted {
				h.waitFor("the repository's line", func(_, v string) bool { return strings.Contains(v, "repo-line") })
				if _, err := os.Stat(marker); err != nil {
					t.Errorf("trusted, yet the marker is missing: %v", err)
				}
				return
			}
			h.waitFor("the note", func(_, v string) bool {
				return strings.Contains(v, "claude-test · default mode") && strings.Contains(v, "statusLine ignored until you trust")
			})
			time.Sleep(3 * statusDebounce) // a run would have started by now
			if _, err := os.Stat(marker); err == nil {
				t.Error("the untrusted repository's statusLine ran")
			}
		})
	}
}

// Changes in quick succession make one run, and runs never overlap: a
// change during a run waits for it and then runs once more.
func TestStatusLineDebouncedOneAtATime(t *testing.T) {
	dir := t.TempDir()
	count, overlap, lock := filepath.Join(dir, "count"), filepath.Join(dir, "overlap"), filepath.Join(dir, "lock")
	script := `mkdir '` + lock + `' 2>/dev/null || echo x >> '` + overlap + `'; echo run >> '` + count +
		`'; sleep 1.5; rmdir '` + lock + `' 2>/dev/null; echo ok-$(wc -l < '` + count + `')`
	runs := func() int { data, _ := os.ReadFile(count); return strings.Count(string(data), "run") }
	h, _, _ := statusHarness(t, script, nil)
	h.waitFor("the first run", func(_, v string) bool { return strings.Contains(v, "ok-1") })
	for range 6 { // a burst: one run
		h.key(tea.KeyTab, tea.ModShift)
	}
	h.waitFor("the burst's run to start", func(string, string) bool { return runs() == 2 })
	h.key(tea.KeyTab, tea.ModShift) // during that run: waits for it
	h.waitFor("the last run", func(_, v string) bool { return strings.Contains(v, "ok-3") })
	time.Sleep(4 * statusDebounce)
	if n := runs(); n != 3 {
		t.Errorf("%d runs, want 3 (the start, the burst, the change during a run)", n)
	}
	if _, err := os.Stat(overlap); err == nil {
		t.Error("two runs overlapped")
	}
}

// Only colour sequences survive in a command's output; lines are padded
// and clipped to the width.
func TestStatusLineOutputCleanedAndClipped(t *testing.T) {
	in := "\x1b[31mred\x1b[0m\x1b[2J\x1b[?25l\x1b]0;title\a\x1b]8;;http://x\x1b\\link\r\x07\tend"
	if got, want := keepSGR(in), "\x1b[31mred\x1b[0mlink end"; got != want {
		t.Errorf("keepSGR: %q, want %q", got, want)
	}
	if got := statusLines("\n\none\r\ntwo\n\nthree\nfour\n"); strings.Join(got, "|") != "one|two|three" {
		t.Errorf("statusLines: %q", got)
	}
	m := &model{width: 20, ext: extras{settings: Settings{StatusLine: &StatusLineSetting{Padding: 2}}},
		status: statusState{lines: []string{strings.Repeat("x", 40)}}}
	for _, l := range strings.Split(m.statusArea(), "\n") {
		if w := ansi.StringWidth(l); w > 19 || !strings.HasPrefix(l, "  x") {
			t.Errorf("line %q (width %d)", l, w)
		}
	}
	m.mode, m.vim.on = permission.ModePlan, true
	if got := ansi.Strip(m.statusArea()); !strings.HasSuffix(got, "\n  -- INSERT -- · ⏸ plan mode on") {
		t.Errorf("the mode and vim state are not under the command's line: %q", got)
	}
}
