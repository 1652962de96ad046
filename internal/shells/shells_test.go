package shells

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func newManager(t *testing.T, opts Options) (*Manager, string) {
	t.Helper()
	m := New(opts)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := m.Close(ctx); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return m, t.TempDir()
}

func start(t *testing.T, m *Manager, dir, command string) Info {
	t.Helper()
	info, err := m.Start(Spec{Command: command, Dir: dir, SessionDir: filepath.Join(dir, "session")})
	if err != nil {
		t.Fatalf("Start(%q): %v", command, err)
	}
	return info
}

func wait(t *testing.T, m *Manager, id string) Info {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	info, err := m.Wait(ctx, id)
	if err != nil {
		t.Fatalf("Wait(%s): %v", id, err)
	}
	return info
}

func read(t *testing.T, m *Manager, id string, filter string) Output {
	t.Helper()
	var re *regexp.Regexp
	if filter != "" {
		re = regexp.MustCompile(filter)
	}
	out, err := m.Read(id, re)
	if err != nil {
		t.Fatalf("Read(%s): %v", id, err)
	}
	return out
}

// fifos makes named pipes the test and a command synchronise through.
func fifos(t *testing.T, dir string, names ...string) {
	t.Helper()
	for _, n := range names {
		if err := syscall.Mkfifo(filepath.Join(dir, n), 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

// await blocks until the command writes a line to the fifo name.
func await(t *testing.T, dir, name string) {
	t.Helper()
	if _, err := os.ReadFile(filepath.Join(dir, name)); err != nil {
		t.Fatal(err)
	}
}

// logged waits until the log at path ends with suffix: output reaches the
// log through a pipe, so a marker the command wrote elsewhere may arrive
// before it on a loaded machine, and Read waits for the pipe only briefly.
func logged(t *testing.T, path, suffix string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		data, err := os.ReadFile(path)
		if err == nil && strings.HasSuffix(string(data), suffix) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the log %s does not end with %q after 10s (%v)", path, suffix, err)
		}
		time.Sleep(5 * time.Millisecond) // polling the file, bounded above
	}
}

// release lets a command blocked reading the fifo name go on.
func release(t *testing.T, dir, name string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte("go\n"), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestStartWaitRead(t *testing.T) {
	cases := []struct {
		command string
		status  Status
		code    int
		text    string
	}{
		{"echo hello; echo oops >&2", Completed, 0, "hello\noops\n"},
		{"echo out; exit 3", Failed, 3, "out\n"},
		{"pwd", Completed, 0, ""}, // text checked below: the directory
		{"printf 'a\\377b\\000c'", Completed, 0, "a\uFFFDb\uFFFDc"},
		{"kill -9 $$", Failed, 137, ""},
	}
	for _, tc := range cases {
		m, dir := newManager(t, Options{})
		info := start(t, m, dir, tc.command)
		if info.Status != Running || !strings.HasPrefix(info.ID, "bash_") {
			t.Errorf("%q: started as %+v", tc.command, info)
		}
		end := wait(t, m, info.ID)
		if end.Status != tc.status || end.ExitCode != tc.code {
			t.Errorf("%q: ended %s/%d, want %s/%d", tc.command, end.Status, end.ExitCode, tc.status, tc.code)
		}
		want := tc.text
		if tc.command == "pwd" {
			want = dir + "\n"
		}
		if out := read(t, m, info.ID, ""); out.Text != want {
			t.Errorf("%q: read %q, want %q", tc.command, out.Text, want)
		}
		if out := read(t, m, info.ID, ""); out.Text != "" {
			t.Errorf("%q: second read %q, want nothing new", tc.command, out.Text)
		}
	}
}

func TestLogFile(t *testing.T) {
	m, dir := newManager(t, Options{})
	info := start(t, m, dir, "echo logged")
	wait(t, m, info.ID)
	if want := filepath.Join(dir, "session", "shells", info.ID+".log"); info.OutputPath != want {
		t.Errorf("log at %s, want %s", info.OutputPath, want)
	}
	data, err := os.ReadFile(info.OutputPath)
	if err != nil || string(data) != "logged\n" {
		t.Errorf("log holds %q, %v", data, err)
	}
	for path, mode := range map[string]os.FileMode{info.OutputPath: 0o600, filepath.Dir(info.OutputPath): 0o700} {
		if st, err := os.Stat(path); err != nil || st.Mode().Perm() != mode {
			t.Errorf("%s: mode %v, want %v (%v)", path, st.Mode().Perm(), mode, err)
		}
	}
}

func TestIncrementalRead(t *testing.T) {
	m, dir := newManager(t, Options{})
	fifos(t, dir, "ready", "go")
	info := start(t, m, dir, "echo one; printf 'two-'; echo > ready; read x < go; echo end")
	await(t, dir, "ready")
	logged(t, info.OutputPath, "two-")
	if out := read(t, m, info.ID, "o"); out.Text != "one\n" || out.Status != Running {
		t.Errorf("filtered read while running = %q (%s), want the complete line only", out.Text, out.Status)
	}
	release(t, dir, "go")
	wait(t, m, info.ID)
	if out := read(t, m, info.ID, ""); out.Text != "two-end\n" || out.Status != Completed {
		t.Errorf("read after the end = %q (%s)", out.Text, out.Status)
	}
}

func TestReadFilter(t *testing.T) {
	m, dir := newManager(t, Options{})
	info := start(t, m, dir, "printf 'apple\\nbanana\\navocado\\ncherry'")
	wait(t, m, info.ID)
	if out := read(t, m, info.ID, "^a"); out.Text != "apple\navocado\n" {
		t.Errorf("filtered = %q", out.Text)
	}
	if out := read(t, m, info.ID, ""); out.Text != "" {
		t.Errorf("lines that did not match should be consumed; got %q", out.Text)
	}
}

func TestReadCap(t *testing.T) {
	m, dir := newManager(t, Options{MaxRead: 10})
	info := start(t, m, dir, "printf '%050d' 0; printf 'éééééééééé'")
	wait(t, m, info.ID)
	out := read(t, m, info.ID, "")
	if out.Text != "éééééééééé" || out.Omitted != 50 {
		t.Errorf("capped read = %q, omitted %d; want the last 10 characters, 50 omitted", out.Text, out.Omitted)
	}
	info = start(t, m, dir, "for i in $(seq 100); do echo match$i; echo other; done")
	wait(t, m, info.ID)
	if out := read(t, m, info.ID, "match"); out.Text != "match100\n" || out.Omitted == 0 {
		t.Errorf("capped filtered read = %q, omitted %d", out.Text, out.Omitted)
	}
}

func TestNotifications(t *testing.T) {
	m, dir := newManager(t, Options{})
	a := start(t, m, dir, "exit 2")
	b := start(t, m, dir, "true")
	wait(t, m, a.ID)
	wait(t, m, b.ID)
	notes := m.Notifications()
	if len(notes) != 2 {
		t.Fatalf("notifications = %q, want two", notes)
	}
	want := "Background shell " + a.ID + " (`exit 2`) finished with exit code 2; read its output with BashOutput or the file " + a.OutputPath + "."
	if notes[0] != want && notes[1] != want {
		t.Errorf("notifications = %q, want one to be %q", notes, want)
	}
	if again := m.Notifications(); len(again) != 0 {
		t.Errorf("notifications repeated: %q", again)
	}
	if list := m.List(); len(list) != 2 || list[0].ID != a.ID || list[1].ID != b.ID {
		t.Errorf("List = %+v", list)
	}
}

func TestKillLeavesNoOrphans(t *testing.T) {
	cases := []struct {
		name, command string
	}{
		{"children", "sleep 100 & sleep 100 & wait"},
		{"ignores TERM", "trap '' TERM; sleep 100 & sleep 100 & echo > ready; wait"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, dir := newManager(t, Options{KillGrace: 200 * time.Millisecond})
			fifos(t, dir, "ready")
			info := start(t, m, dir, tc.command)
			if strings.Contains(tc.command, "ready") {
				await(t, dir, "ready") // the trap is in place
			}
			end, stopped, err := m.Kill(info.ID)
			if err != nil || !stopped || end.Status != Killed {
				t.Fatalf("Kill = %+v, %v, %v", end, stopped, err)
			}
			if GroupAlive(info.PID) {
				t.Errorf("process group %d survived Kill", info.PID)
			}
			if notes := m.Notifications(); len(notes) != 0 {
				t.Errorf("a killed shell was announced: %q", notes)
			}
			if again, stopped, err := m.Kill(info.ID); err != nil || stopped || again.Status != Killed {
				t.Errorf("second Kill = %+v, %v, %v", again, stopped, err)
			}
		})
	}
}

func TestKillFinished(t *testing.T) {
	m, dir := newManager(t, Options{})
	info := start(t, m, dir, "exit 0")
	wait(t, m, info.ID)
	if end, stopped, err := m.Kill(info.ID); err != nil || stopped || end.Status != Completed {
		t.Errorf("Kill of a finished shell = %+v, %v, %v; want it left completed", end, stopped, err)
	}
}

func TestClose(t *testing.T) {
	m := New(Options{})
	dir := t.TempDir()
	a := start(t, m, dir, "sleep 100 & wait")
	b := start(t, m, dir, "sleep 100")
	if err := m.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, info := range []Info{a, b} {
		if GroupAlive(info.PID) {
			t.Errorf("process group of %s survived Close", info.ID)
		}
	}
	for _, info := range m.List() {
		if info.Status != Killed {
			t.Errorf("%s: status %s after Close", info.ID, info.Status)
		}
	}
	if _, err := m.Start(Spec{Command: "true", Dir: dir, SessionDir: dir}); !errors.Is(err, ErrClosed) {
		t.Errorf("Start after Close: %v, want ErrClosed", err)
	}
}

func TestUnknownID(t *testing.T) {
	m, _ := newManager(t, Options{})
	if _, err := m.Read("bash_nope", nil); !errors.Is(err, ErrNotFound) {
		t.Errorf("Read: %v", err)
	}
	if _, _, err := m.Kill("bash_nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Kill: %v", err)
	}
	if _, err := m.Wait(context.Background(), "bash_nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Wait: %v", err)
	}
}

func TestStartErrors(t *testing.T) {
	m, dir := newManager(t, Options{})
	if _, err := m.Start(Spec{Command: "true", Dir: dir}); err == nil {
		t.Error("Start without a session directory succeeded")
	}
	if _, err := m.Start(Spec{Command: "true", Dir: filepath.Join(dir, "missing"), SessionDir: dir}); err == nil {
		t.Error("Start in a missing directory succeeded")
	}
}
