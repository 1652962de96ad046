package cli

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"corvid/internal/app"
)

// /add-dir's directories are checked as --add-dir's are, kept once, and
// added to every conversation opened afterwards without touching the
// command line's own list.
func TestSessionDirs(t *testing.T) {
	cwd := t.TempDir()
	if err := os.Mkdir(filepath.Join(cwd, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cwd, "file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	s := &sessionDirs{cwd: cwd}
	for _, bad := range []string{"missing", "file", filepath.Join(cwd, "nope")} {
		if err := s.add(bad); !errors.Is(err, app.ErrAddDir) {
			t.Errorf("add(%q) = %v, want ErrAddDir", bad, err)
		}
	}
	for _, ok := range []string{"sub", filepath.Join(cwd, "sub"), "sub/"} {
		if err := s.add(ok); err != nil {
			t.Fatalf("add(%q) = %v", ok, err)
		}
	}
	base := app.Options{AdditionalDirs: make([]string, 1, 4)}
	base.AdditionalDirs[0] = "/given"
	o := base
	s.apply(&o)
	want := []string{"/given", filepath.Join(cwd, "sub")}
	if len(o.AdditionalDirs) != 2 || o.AdditionalDirs[0] != want[0] || o.AdditionalDirs[1] != want[1] {
		t.Fatalf("AdditionalDirs = %q, want %q", o.AdditionalDirs, want)
	}
	if base.AdditionalDirs[:2][1] != "" {
		t.Fatal("apply wrote into the command line's slice")
	}
}
