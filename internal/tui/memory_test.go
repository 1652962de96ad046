package tui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"corvid/internal/event"
	"corvid/internal/permission"
	"corvid/internal/provider"
)

func memoryHarness(t *testing.T, msgs []provider.Message) (h *harness, dir string, opens func() []string) {
	dir = t.TempDir()
	var mu sync.Mutex
	var resumes []string
	fc := &fakeConv{}
	h = newHarness(t, 100, nil, func(o *Options) {
		o.Cwd, o.ConfigDir = dir, filepath.Join(dir, "user")
		o.Open = func(_ context.Context, sink event.Sink, asker permission.Asker, resume string) (Backend, error) {
			mu.Lock()
			defer mu.Unlock()
			resumes = append(resumes, resume)
			fc.sink, fc.asker = sink, asker
			return &msgConv{fakeConv: fc, msgs: msgs}, nil
		}
	})
	return h, dir, func() []string { mu.Lock(); defer mu.Unlock(); return append([]string(nil), resumes...) }
}

// /memory lists the loaded instruction files (user first) and offers
// ./CLAUDE.md when it does not exist; /memory <n> runs $EDITOR on the
// file and reopens the session; a failing editor reopens nothing.
func TestMemoryEditsAndReloads(t *testing.T) {
	t.Setenv("VISUAL", "")
	h, dir, opens := memoryHarness(t, saidSomething)
	user := filepath.Join(dir, "user", "CLAUDE.md")
	if err := os.MkdirAll(filepath.Dir(user), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(user, []byte("be brief\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h.typeLine("/memory")
	h.waitFor("the list", func(p, _ string) bool { return strings.Contains(p, "CLAUDE.md  (project, new)") })
	if p := h.scrollback(); !strings.Contains(p, "user/CLAUDE.md  (user)") ||
		strings.Index(p, "(user)") > strings.Index(p, "(project, new)") {
		t.Fatalf("list:\n%s", p)
	}
	// $EDITOR is split as a shell would: a quoted path with a space.
	script := filepath.Join(dir, "my editor", "ed.sh")
	if err := os.MkdirAll(filepath.Dir(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(script, []byte("echo '- added by the editor' >> \"$1\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("EDITOR", "sh '"+script+"'")
	var n string // the number the list gives the new ./CLAUDE.md
	for _, l := range strings.Split(h.scrollback(), "\n") {
		if strings.Contains(l, "(project, new)") {
			n, _, _ = strings.Cut(strings.TrimSpace(l), ".")
		}
	}
	h.typeLine("/memory " + n)
	h.waitFor("the reopen", func(string, string) bool { return len(opens()) == 2 })
	data, err := os.ReadFile(filepath.Join(dir, "CLAUDE.md"))
	if err != nil || string(data) != "- added by the editor\n" {
		t.Fatalf("CLAUDE.md = %q, %v", data, err)
	}
	if opens()[1] != "sess-1" {
		t.Fatalf("reopened with %q", opens()[1])
	}
	t.Setenv("EDITOR", "sh -c 'exit 3'")
	h.typeLine("/memory 1")
	h.waitFor("the failure", func(p, _ string) bool { return strings.Contains(p, "The editor (sh) failed") })
	if len(opens()) != 2 {
		t.Fatal("a failed edit reopened the session")
	}
}

// Without $VISUAL or $EDITOR, /memory <n> says what to set.
func TestMemoryNoEditor(t *testing.T) {
	t.Setenv("VISUAL", "")
	t.Setenv("EDITOR", "")
	h, _, opens := memoryHarness(t, saidSomething)
	h.typeLine("/memory 1")
	h.waitFor("the message", func(p, _ string) bool { return strings.Contains(p, "No editor set") })
	if len(opens()) != 1 {
		t.Fatal("reopened without an edit")
	}
}

// pause leaves the terminal's input to another reader and keeps the
// program's pipe open; resume reads on.
func TestPasteInPauseResume(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	out, pin, err := startPasteIn(r)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	defer pin.stop()
	read := func(f *os.File, want string) {
		t.Helper()
		_ = f.SetReadDeadline(time.Now().Add(10 * time.Second))
		buf := make([]byte, 16)
		n, err := f.Read(buf)
		if err != nil || string(buf[:n]) != want {
			t.Fatalf("read %q, %v; want %q", buf[:n], err, want)
		}
	}
	_, _ = w.WriteString("a")
	read(out, "a")
	pin.pause()
	_, _ = w.WriteString("b")
	read(r, "b") // the paused reader left it for the foreground program
	if err := pin.resume(); err != nil {
		t.Fatal(err)
	}
	_, _ = w.WriteString("c")
	read(out, "c")
}
