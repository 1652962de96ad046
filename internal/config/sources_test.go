package config

import (
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

func TestFlagSettingsProblems(t *testing.T) {
	cases := []struct {
		name  string
		setup func(t *testing.T, m machine) string // returns the flag value
		want  string                               // the problem, formatted
	}{
		{"missing file", func(t *testing.T, m machine) string { return "nope.json" },
			"nope.json: cannot read settings: no such file"},
		{"a directory", func(t *testing.T, m machine) string { mkdir(t, filepath.Join(m.repo, "d")); return "d" },
			"d: cannot read settings: "},
		{"too large", func(t *testing.T, m machine) string {
			write(t, filepath.Join(m.repo, "big.json"), `{"x": "`+strings.Repeat("a", MaxFileSize)+`"}`)
			return "big.json"
		}, "big.json: cannot read settings: larger than 2 MiB"},
		{"malformed JSON", func(t *testing.T, m machine) string { return `{"model": }` },
			"--settings:1:11: invalid JSON: "},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := newMachine(t)
			write(t, m.user(), `{"model": "user"}`)
			o := m.opts()
			o.FlagSettings = tc.setup(t, m)
			s, problems, _ := Load(o)
			if len(problems) != 1 || !strings.HasPrefix(problems[0].Error(), tc.want) {
				t.Fatalf("problems %v; want one starting %q", problems, tc.want)
			}
			if s.Model != "user" {
				t.Errorf("model %q: the run goes on with the other layers", s.Model)
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
	_, problems, _ := Load(m.opts())
	if len(problems) != 1 || !strings.Contains(problems[0].Msg, "not a regular file") {
		t.Errorf("problems %v", problems)
	}
}
