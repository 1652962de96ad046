package session

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestProjectDirName(t *testing.T) {
	cases := map[string]string{
		"/home/u/proj1":   "-home-u-proj1",
		"/home/u/my_repo": "-home-u-my-repo",
		"/a b/c.d":        "-a-b-c-d",
		`C:\Users\me`:     "C--Users-me",
		"/é":              "--",
		"/x🐦y":            "-x--y",
	}
	for in, want := range cases {
		if got := ProjectDirName(in); got != want {
			t.Errorf("ProjectDirName(%q) = %q, want %q", in, got, want)
		}
	}
	long := "/" + strings.Repeat("x", 300)
	if got := ProjectDirName(long); len(got) != maxProjectDirName+9 || got == ProjectDirName(long+"y") {
		t.Errorf("long names must be cut and stay unique: %q", got)
	}
	if got := Path("/cfg", "/w/p", "abc"); got != filepath.FromSlash("/cfg/projects/-w-p/abc.jsonl") {
		t.Errorf("Path = %q", got)
	}
}

// touch creates a transcript with the given age.
func touch(t *testing.T, path string, age time.Duration) {
	t.Helper()
	os.MkdirAll(filepath.Dir(path), 0o700)
	if err := os.WriteFile(path, []byte("{}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	when := time.Now().Add(-age)
	if err := os.Chtimes(path, when, when); err != nil {
		t.Fatal(err)
	}
}

func TestLatest(t *testing.T) {
	dir := t.TempDir()
	if _, err := Latest(dir); !errors.Is(err, ErrNoSession) {
		t.Errorf("empty dir: %v", err)
	}
	if _, err := Latest(filepath.Join(dir, "missing")); !errors.Is(err, ErrNoSession) {
		t.Errorf("missing dir: %v", err)
	}
	touch(t, filepath.Join(dir, "old.jsonl"), time.Hour)
	touch(t, filepath.Join(dir, "new.jsonl"), time.Minute)
	touch(t, filepath.Join(dir, "older.jsonl"), 2*time.Hour)
	touch(t, filepath.Join(dir, "newest.txt"), 0)
	os.Mkdir(filepath.Join(dir, "dir.jsonl"), 0o700)
	if got := must(Latest(dir)); filepath.Base(got) != "new.jsonl" {
		t.Errorf("Latest = %s", got)
	}
}

func TestFind(t *testing.T) {
	cfg := t.TempDir()
	here := ProjectDir(cfg, "/w/here")
	there := ProjectDir(cfg, "/w/there")
	touch(t, filepath.Join(here, "aaaaaaaa-1111.jsonl"), 0)
	touch(t, filepath.Join(here, "aaaaaaaa-2222.jsonl"), 0)
	touch(t, filepath.Join(here, "bbbbbbbb-1111.jsonl"), 0)
	touch(t, filepath.Join(there, "cccccccc-1111.jsonl"), 0)
	touch(t, filepath.Join(there, "bbbbbbbb-2222.jsonl"), 0)
	touch(t, filepath.Join(ProjectDir(cfg, "/w/third"), "cccccccc-2222.jsonl"), 0)
	cases := []struct {
		id, want string
		err      error
	}{
		{"aaaaaaaa-1111", filepath.Join(here, "aaaaaaaa-1111.jsonl"), nil},
		{"bbbbbbbb", filepath.Join(here, "bbbbbbbb-1111.jsonl"), nil}, // current dir first
		{"cccccccc-1", filepath.Join(there, "cccccccc-1111.jsonl"), nil},
		{"bbbbbbbb-2222", filepath.Join(there, "bbbbbbbb-2222.jsonl"), nil},
		{"aaaaaaaa", "", ErrAmbiguous},
		{"cccccccc", "", ErrAmbiguous},
		{"aaaa", "", ErrNoSession}, // too short to be a prefix
		{"dddddddd", "", ErrNoSession},
	}
	for _, c := range cases {
		got, err := Find(cfg, "/w/here", c.id)
		if got != c.want || !errors.Is(err, c.err) {
			t.Errorf("Find(%q) = %q, %v; want %q, %v", c.id, got, err, c.want, c.err)
		}
	}
	if _, err := Find(cfg, "/w/here", "cccccccc"); err == nil || !strings.Contains(err.Error(), "cccccccc-2222.jsonl") {
		t.Errorf("an ambiguous error lists the matches: %v", err)
	}
	for _, bad := range []string{"", "../here/aaaaaaaa-1111", "a/b", "x.jsonl"} {
		if _, err := Find(cfg, "/w/here", bad); err == nil || errors.Is(err, ErrNoSession) {
			t.Errorf("Find(%q) = %v, want an invalid-id error", bad, err)
		}
	}
	if _, err := Find(filepath.Join(cfg, "none"), "/w/x", "aaaaaaaa"); !errors.Is(err, ErrNoSession) {
		t.Errorf("no projects dir: %v", err)
	}
}
