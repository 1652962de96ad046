package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSettingSources(t *testing.T) {
	cases := []struct {
		name    string
		sources []Source
		want    []string // env keys present
	}{
		{"nil loads all", nil, []string{"flag", "local", "managed", "project", "user"}},
		{"user only", []Source{SourceUser}, []string{"flag", "managed", "user"}},
		{"project and local", []Source{SourceProject, SourceLocal}, []string{"flag", "local", "managed", "project"}},
		{"none", []Source{}, []string{"flag", "managed"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := newMachine(t)
			o := m.opts()
			allLayers(t, m, &o, func(name string) string { return `{"env": {"` + name + `": "1"}}` })
			o.Sources = tc.sources
			s, _ := mustLoad(t, o)
			var got []string
			for k := range s.Env {
				got = append(got, k)
			}
			if diff := cmp.Diff(tc.want, got, sortStrings()); diff != "" {
				t.Errorf("layers (-want +got):\n%s", diff)
			}
		})
	}
}

// A --settings value that cannot be loaded stops the run: it is never
// skipped, whatever the other layers say.
func TestFlagSettingsFailures(t *testing.T) {
	cases := []struct {
		name  string
		setup func(t *testing.T, m machine) string // returns the flag value
		want  string                               // the failure, formatted
	}{
		{"missing file", func(t *testing.T, m machine) string { return "nope.json" },
			"nope.json: cannot read settings: no such file"},
		{"a directory", func(t *testing.T, m machine) string { mkdir(t, filepath.Join(m.repo, "d")); return "d" },
			"d: cannot read settings: "},
		{"too large", func(t *testing.T, m machine) string {
			sparse(t, filepath.Join(m.repo, "big.json"), MaxSettingsSize+1)
			return "big.json"
		}, "big.json: cannot read settings: larger than 16 MiB"},
		{"malformed JSON", func(t *testing.T, m machine) string { return `{"model": }` },
			"--settings:1:11: invalid JSON: "},
		{"malformed file", func(t *testing.T, m machine) string {
			write(t, filepath.Join(m.repo, "s.json"), "{\n\"permissions\": {\"deny\": [\"Bash\"}}")
			return "s.json"
		}, "s.json:2:32: invalid JSON: "},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := newMachine(t)
			write(t, m.user(), `{"model": "user"}`)
			o := m.opts()
			o.FlagSettings = tc.setup(t, m)
			s, _, _, err := Load(o)
			f := oneFailure(t, s, err)
			if f.Source != SourceFlag || !strings.HasPrefix(f.Error(), tc.want) {
				t.Fatalf("failure %+v; want one from the flag starting %q", f, tc.want)
			}
			var le *LoadError
			if errors.As(err, &le); le.Skippable() {
				t.Error("--settings must not be skippable")
			}
		})
	}
}

func TestLocalSettingsAtGitRoot(t *testing.T) {
	m := newMachine(t)
	sub := filepath.Join(m.repo, "pkg", "sub")
	mkdir(t, sub)
	write(t, filepath.Join(sub, ".claude", "settings.json"), `{"permissions": {"allow": ["Bash(sub)"]}}`)
	write(t, filepath.Join(sub, ".claude", "settings.local.json"), `{"permissions": {"allow": ["Bash(nope)"]}}`)
	write(t, m.project(), `{"permissions": {"allow": ["Bash(no parent fallback)"]}}`)
	write(t, m.local(), `{"permissions": {"allow": ["Bash(root local)"]}}`)
	o := m.opts()
	o.Cwd = sub
	s, _ := mustLoad(t, o)
	want := []Rule{
		{Text: "Bash(root local)", Source: SourceLocal, File: m.local(), Dir: m.repo},
		{Text: "Bash(sub)", Source: SourceProject, File: filepath.Join(sub, ".claude", "settings.json"), Dir: sub},
	}
	if diff := cmp.Diff(want, s.Allow); diff != "" {
		t.Errorf("allow (-want +got):\n%s", diff)
	}
}

func TestProjectRoot(t *testing.T) {
	m := newMachine(t)
	outside := filepath.Join(filepath.Dir(m.home), "plain", "dir")
	mkdir(t, outside)
	wt := filepath.Join(filepath.Dir(m.home), "wt")
	write(t, filepath.Join(wt, ".git"), "gitdir: "+m.repo+"/.git/worktrees/wt\n")
	relWT := filepath.Join(m.repo, "nested-wt")
	write(t, filepath.Join(relWT, ".git"), "gitdir: ../.git/worktrees/nested-wt\n")
	mod := filepath.Join(m.repo, "third_party", "mod")
	write(t, filepath.Join(mod, ".git"), "gitdir: ../../.git/modules/mod\n")
	cases := []struct{ cwd, want string }{
		{m.repo, m.repo},
		{filepath.Join(m.repo, "a", "b"), m.repo},
		{outside, outside},
		{filepath.Join(wt, "src"), m.repo},
		{relWT, m.repo},
		{mod, mod},
	}
	for _, tc := range cases {
		if got := ProjectRoot(tc.cwd); got != tc.want {
			t.Errorf("ProjectRoot(%s) = %s; want %s", tc.cwd, got, tc.want)
		}
	}
	if got, want := LocalSettingsPath(filepath.Join(m.repo, "a")), m.local(); got != want {
		t.Errorf("LocalSettingsPath = %s; want %s", got, want)
	}
	if _, err := os.Stat(filepath.Join(m.repo, "a")); err == nil {
		t.Error("ProjectRoot must not create directories")
	}
}

func TestFIFOIsRefusedNotWaitedOn(t *testing.T) {
	m := newMachine(t)
	mkdir(t, filepath.Dir(m.project()))
	if err := syscall.Mkfifo(m.project(), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	s, _, _, err := Load(m.opts())
	if f := oneFailure(t, s, err); !strings.Contains(f.Msg, "not a regular file") {
		t.Errorf("failure %v", f)
	}
}
