package app

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"corvid/internal/permission"
	"corvid/internal/provider/providertest"
)

// A real conversation lists its working directories in order with their
// origin: the launch directory, --add-dir, then the user settings'
// additionalDirectories with that file.
func TestWorkspaceDirs(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{})
	cfg, cwd, flag, set := t.TempDir(), t.TempDir(), t.TempDir(), t.TempDir()
	path := filepath.Join(cfg, "settings.json")
	body := `{"permissions": {"additionalDirectories": [` + strconv.Quote(set) + `]}}`
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	opts := baseOptions(fakeAPI(srv).with("CORVID_CONFIG_DIR", cfg))
	opts.Cwd, opts.NoSessionPersistence, opts.AdditionalDirs = cwd, true, []string{flag}
	c, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	want := []permission.DirInfo{{Path: cwd, Source: permission.SourceCwd}, {Path: flag, Source: permission.SourceCLI},
		{Path: set, Source: "user", File: path}}
	got := c.WorkspaceDirs()
	if len(got) != len(want) {
		t.Fatalf("WorkspaceDirs() = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("dir %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}
