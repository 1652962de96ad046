package app

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSweepAtStart: a run deletes the spill files and shell logs of
// sessions older than cleanupPeriodDays (in the background; close waits
// for it) and keeps newer ones and every transcript.
func TestSweepAtStart(t *testing.T) {
	cases := []struct {
		name, settings string
		gone           []string
		warning        string
	}{
		{"period from settings", `{"cleanupPeriodDays": 5}`,
			[]string{"p/old/tool-results/bash-1.txt", "p/old/shells/bash_1.log", "q/older/shells/bash_2.log"}, ""},
		{"default period", ``, []string{"q/older/shells/bash_2.log"}, ""},
		{"invalid period", `{"cleanupPeriodDays": 0}`, []string{"q/older/shells/bash_2.log"},
			"cleanupPeriodDays must be a whole number of days, at least 1 (got 0); using 30"},
		{"not a number", `{"cleanupPeriodDays": "5"}`, []string{"q/older/shells/bash_2.log"},
			`cleanupPeriodDays must be a whole number of days, at least 1 (got "5"); using 30`},
		{"huge period", `{"cleanupPeriodDays": 200000}`, nil, ""}, // no overflow into a cutoff in the future
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfgDir := t.TempDir()
			projects := filepath.Join(cfgDir, "projects")
			ages := map[string]time.Duration{
				"p/old/tool-results/bash-1.txt": 6 * 24 * time.Hour,
				"p/old/shells/bash_1.log":       6 * 24 * time.Hour,
				"p/old.jsonl":                   40 * 24 * time.Hour,
				"p/new/tool-results/bash-2.txt": 4 * 24 * time.Hour,
				"q/older/shells/bash_2.log":     31 * 24 * time.Hour,
			}
			for name, age := range ages {
				path := filepath.Join(projects, name)
				os.MkdirAll(filepath.Dir(path), 0o700)
				if err := os.WriteFile(path, []byte("x"), 0o600); err != nil {
					t.Fatal(err)
				}
				mtime := time.Now().Add(-age)
				os.Chtimes(path, mtime, mtime)
			}
			stderr := &bytes.Buffer{}
			opts := baseOptions(creds.with("CORVID_CONFIG_DIR", cfgDir))
			opts.Cwd, opts.SettingsFlag, opts.Stderr = t.TempDir(), tc.settings, stderr
			s, err := configure(opts)
			if err != nil {
				t.Fatal(err)
			}
			s.close()
			for name := range ages {
				_, err := os.Stat(filepath.Join(projects, name))
				want := false
				for _, g := range tc.gone {
					want = want || g == name
				}
				if gone := os.IsNotExist(err); gone != want {
					t.Errorf("%s: deleted %v, want %v", name, gone, want)
				}
			}
			if !strings.Contains(stderr.String(), tc.warning) {
				t.Errorf("stderr = %q, want %q", stderr, tc.warning)
			}
		})
	}
}
