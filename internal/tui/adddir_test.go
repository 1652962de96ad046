package tui

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"corvid/internal/event"
	"corvid/internal/permission"
	"corvid/internal/provider"
)

// /add-dir hands the directory, made absolute against the working
// directory, to the session and reopens the same session; a refusal is
// shown and nothing is reopened.
func TestAddDir(t *testing.T) { testAddDir(t, saidSomething, "sess-1") }

// A session with nothing said yet has no transcript to resume: the
// reopen starts a new one ("-").
func TestAddDirEmptySession(t *testing.T) { testAddDir(t, nil, "-") }

func testAddDir(t *testing.T, msgs []provider.Message, wantResume string) {
	dir := t.TempDir()
	var mu sync.Mutex
	var added, resumes []string
	fc := &fakeConv{}
	h := newHarness(t, 100, nil, func(o *Options) {
		o.Cwd = dir
		o.AddDir = func(d string) error {
			if strings.HasSuffix(d, "missing") {
				return errors.New("--add-dir needs an existing directory: missing does not exist")
			}
			mu.Lock()
			defer mu.Unlock()
			added = append(added, d)
			return nil
		}
		o.Open = func(_ context.Context, sink event.Sink, asker permission.Asker, resume string) (Backend, error) {
			mu.Lock()
			defer mu.Unlock()
			resumes = append(resumes, resume)
			fc.sink, fc.asker = sink, asker
			return &msgConv{fakeConv: fc, msgs: msgs}, nil
		}
	})
	count := func() (int, int) { mu.Lock(); defer mu.Unlock(); return len(added), len(resumes) }
	h.typeLine("/add-dir missing")
	h.waitFor("the refusal", func(p, _ string) bool { return strings.Contains(p, "does not exist") })
	h.typeLine("/add-dir")
	h.waitFor("the usage", func(p, _ string) bool { return strings.Contains(p, "Usage: /add-dir") })
	if a, r := count(); a != 0 || r != 1 {
		t.Fatalf("after refusals: %d added, %d opens", a, r)
	}
	h.typeLine("/add-dir ../lib")
	h.waitFor("the reopen", func(string, string) bool { _, r := count(); return r == 2 })
	mu.Lock()
	defer mu.Unlock()
	if want := filepath.Join(filepath.Dir(dir), "lib"); len(added) != 1 || added[0] != want {
		t.Fatalf("added %q, want %q", added, want)
	}
	if resumes[1] != wantResume {
		t.Fatalf("reopened with %q, want the same session", resumes[1])
	}
}
