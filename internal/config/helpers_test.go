package config

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// machine is a laid-out filesystem: a home, corvid's config directory, a
// managed directory and a git repository whose root is the cwd.
type machine struct {
	home, config, managed, repo string
}

func newMachine(t testing.TB) machine {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	m := machine{
		home:    filepath.Join(root, "home"),
		config:  filepath.Join(root, "home", ".corvid"),
		managed: filepath.Join(root, "etc", "corvid"),
		repo:    filepath.Join(root, "home", "proj"),
	}
	for _, d := range []string{m.config, m.managed, filepath.Join(m.repo, ".git")} {
		mkdir(t, d)
	}
	t.Setenv("HOME", m.home)
	return m
}

// opts loads everything from the repository root, trusted.
func (m machine) opts() Options {
	return Options{Cwd: m.repo, ConfigDir: m.config, ManagedDir: m.managed, Trusted: true}
}

func (m machine) user() string    { return filepath.Join(m.config, "settings.json") }
func (m machine) project() string { return filepath.Join(m.repo, ".claude", "settings.json") }
func (m machine) local() string   { return filepath.Join(m.repo, ".claude", "settings.local.json") }
func (m machine) managedFile() string {
	return filepath.Join(m.managed, "managed-settings.json")
}
func (m machine) dropIn(name string) string {
	return filepath.Join(m.managed, "managed-settings.d", name)
}

func mkdir(t testing.TB, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

func write(t testing.TB, path, content string) {
	t.Helper()
	mkdir(t, filepath.Dir(path))
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// texts lists the rules' texts.
func texts(rules []Rule) []string {
	out := []string{}
	for _, r := range rules {
		out = append(out, r.Text)
	}
	return out
}

// mustLoad loads and fails on any problem.
func mustLoad(t *testing.T, o Options) (*Settings, []Notice) {
	t.Helper()
	s, problems, notices, err := Load(o)
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	for _, p := range problems {
		t.Errorf("unexpected problem: %v", p)
	}
	return s, notices
}

// sortStrings compares string slices as sets.
func sortStrings() cmp.Option {
	return cmpopts.SortSlices(func(a, b string) bool { return a < b })
}

// oneFailure checks that a load failed with exactly one failure, and
// returned no settings, and returns the failure.
func oneFailure(t *testing.T, s *Settings, err error) Failure {
	t.Helper()
	var le *LoadError
	if !errors.As(err, &le) || !errors.Is(err, ErrNotLoaded) {
		t.Fatalf("error %v; want a *LoadError", err)
	}
	if s != nil {
		t.Errorf("settings %+v returned with a failure", s)
	}
	if len(le.Failures) != 1 {
		t.Fatalf("failures %+v; want one", le.Failures)
	}
	return le.Failures[0]
}

// sparse makes a file of size bytes that takes no room on disk.
func sparse(t testing.TB, path string, size int64) {
	t.Helper()
	write(t, path, "")
	if err := os.Truncate(path, size); err != nil {
		t.Fatal(err)
	}
}

// unreadable makes path a file that cannot be opened for reading, even
// by root: chmod 000 when not root, else a symlink to a write-only
// procfs file (which refuses root too). It skips the test when neither
// is possible.
func unreadable(t testing.TB, path string) {
	t.Helper()
	mkdir(t, filepath.Dir(path))
	if os.Geteuid() != 0 {
		write(t, path, `{}`)
		if err := os.Chmod(path, 0); err != nil {
			t.Fatal(err)
		}
		return
	}
	const writeOnly = "/proc/sys/vm/compact_memory"
	if f, err := os.Open(writeOnly); err == nil || !errors.Is(err, fs.ErrPermission) {
		if f != nil {
			f.Close()
		}
		t.Skipf("no file refuses root here (%s: %v)", writeOnly, err)
	}
	if err := os.Symlink(writeOnly, path); err != nil {
		t.Fatal(err)
	}
}
