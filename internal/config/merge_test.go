package config

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestArraysConcatenateWithSources(t *testing.T) {
	m := newMachine(t)
	o := m.opts()
	write(t, m.user(), `{"permissions": {"allow": ["Bash(ls *)", "Read(/notes/**)", "Bash(git status)"],
		"deny": ["Bash(rm *)"]}}`)
	write(t, m.project(), `{"permissions": {"allow": ["Bash(git status)", "Read(/notes/**)"],
		"deny": ["Bash(rm *)", "Bash(curl *)"]}}`)
	write(t, m.local(), `{"permissions": {"allow": ["Bash(git status)", "Bash(make)"], "ask": ["Bash(git push *)"]}}`)
	write(t, m.managedFile(), `{"permissions": {"deny": ["Bash(rm *)"]}}`)
	s, _ := mustLoad(t, o)

	rule := func(text string, src Source, file, dir string) Rule {
		return Rule{Text: text, Source: src, File: file, Dir: dir}
	}
	wantAllow := []Rule{
		// strongest layer first; local and project share the project root
		// as anchor, so project's copy of "Bash(git status)" is a duplicate.
		rule("Bash(git status)", SourceLocal, m.local(), m.repo),
		rule("Bash(make)", SourceLocal, m.local(), m.repo),
		rule("Read(/notes/**)", SourceProject, m.project(), m.repo),
		rule("Bash(ls *)", SourceUser, m.user(), m.config),
		// the same text anchored elsewhere means another path: kept.
		rule("Read(/notes/**)", SourceUser, m.user(), m.config),
		rule("Bash(git status)", SourceUser, m.user(), m.config),
	}
	if diff := cmp.Diff(wantAllow, s.Allow); diff != "" {
		t.Errorf("allow (-want +got):\n%s", diff)
	}
	wantDeny := []Rule{
		rule("Bash(rm *)", SourceManaged, m.managedFile(), m.managed),
		rule("Bash(rm *)", SourceProject, m.project(), m.repo),
		rule("Bash(curl *)", SourceProject, m.project(), m.repo),
		rule("Bash(rm *)", SourceUser, m.user(), m.config),
	}
	if diff := cmp.Diff(wantDeny, s.Deny); diff != "" {
		t.Errorf("deny (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"Bash(git push *)"}, texts(s.Ask)); diff != "" {
		t.Errorf("ask (-want +got):\n%s", diff)
	}
}

func TestManagedDropInsInOrder(t *testing.T) {
	m := newMachine(t)
	write(t, m.managedFile(), `{"model": "main", "env": {"M": "main", "K": "main"}, "hooks": {"A": [1]},
		"permissions": {"deny": ["Bash(a)"]}}`)
	write(t, m.dropIn("20-b.json"), `{"model": "b", "permissions": {"deny": ["Bash(b)"]}, "hooks": {"A": [2], "B": [3]}}`)
	write(t, m.dropIn("10-a.json"), `{"model": "a", "env": {"K": "a"}, "permissions": {"deny": ["Bash(a)", "Bash(c)"]}}`)
	write(t, m.dropIn(".99-hidden.json"), `{"model": "hidden"}`)
	write(t, m.dropIn("notes.txt"), `{"model": "text"}`)
	mkdir(t, m.dropIn("40-dir.json"))
	write(t, m.user(), `{"model": "user"}`)
	write(t, m.project(), `{"model": "project"}`)

	s, _ := mustLoad(t, m.opts())
	if s.Model != "b" {
		t.Errorf("model %q; the last drop-in in name order wins", s.Model)
	}
	if diff := cmp.Diff(map[string]string{"M": "main", "K": "a"}, s.Env); diff != "" {
		t.Errorf("env (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"Bash(a)", "Bash(c)", "Bash(b)"}, texts(s.Deny)); diff != "" {
		t.Errorf("deny (-want +got):\n%s", diff)
	}
	if s.Deny[1].File != m.dropIn("10-a.json") {
		t.Errorf("Bash(c) from %s", s.Deny[1].File)
	}
	wantHooks := `{"A":[1,2],"B":[3]}`
	if got := string(s.Raw[SourceManaged]["hooks"]); got != wantHooks {
		t.Errorf("raw managed hooks %s; want %s (drop-ins merged into the main file)", got, wantHooks)
	}
}

func TestAdditionalDirectories(t *testing.T) {
	m := newMachine(t)
	flag := filepath.Join(m.home, "ci", "flag.json")
	write(t, flag, `{"permissions": {"additionalDirectories": ["shared"]}}`)
	write(t, m.user(), `{"permissions": {"additionalDirectories": ["~/notes", "/opt/data", "~"]}}`)
	write(t, m.project(), `{"permissions": {"additionalDirectories": ["../docs/", "/opt/data/"]}}`)
	o := m.opts()
	o.FlagSettings = flag
	s, _ := mustLoad(t, o)
	want := []Rule{
		{Text: filepath.Join(m.home, "ci", "shared"), Source: SourceFlag, File: flag, Dir: filepath.Dir(flag)},
		{Text: filepath.Join(m.home, "docs"), Source: SourceProject, File: m.project(), Dir: m.repo},
		{Text: "/opt/data", Source: SourceProject, File: m.project(), Dir: m.repo},
		{Text: filepath.Join(m.home, "notes"), Source: SourceUser, File: m.user(), Dir: m.config},
		{Text: m.home, Source: SourceUser, File: m.user(), Dir: m.config},
	}
	if diff := cmp.Diff(want, s.AdditionalDirectories); diff != "" {
		t.Errorf("additional directories (-want +got):\n%s", diff)
	}
}

func TestScalarOddities(t *testing.T) {
	cases := []struct {
		name, user, project string
		check               func(t *testing.T, s *Settings)
	}{
		{"disableBypass from any layer wins", `{"permissions": {"disableBypassPermissionsMode": "disable"}}`,
			`{"permissions": {"disableBypassPermissionsMode": false}}`, func(t *testing.T, s *Settings) {
				if !s.DisableBypassPermissionsMode {
					t.Error("a lower layer's disable must hold")
				}
			}},
		{"fallbackModel whole from the strongest", `{"fallbackModel": ["a", "b"]}`, `{"fallbackModel": ["c"]}`,
			func(t *testing.T, s *Settings) {
				if diff := cmp.Diff([]string{"c"}, s.FallbackModel); diff != "" {
					t.Error(diff)
				}
			}},
		{"fallbackModel as one string", `{"fallbackModel": "haiku"}`, `{}`, func(t *testing.T, s *Settings) {
			if diff := cmp.Diff([]string{"haiku"}, s.FallbackModel); diff != "" {
				t.Error(diff)
			}
		}},
		{"null is absent", `{"model": "m", "permissions": {"defaultMode": "acceptEdits"}}`,
			`{"model": null, "permissions": {"defaultMode": null, "allow": null}}`, func(t *testing.T, s *Settings) {
				if s.Model != "m" || s.DefaultMode != "acceptEdits" || s.DefaultModeSource != SourceUser {
					t.Errorf("got %q %q %q", s.Model, s.DefaultMode, s.DefaultModeSource)
				}
			}},
		{"unknown keys kept raw", `{"theme": "dark"}`, `{"hooks": {"Stop": []}, "x": 1}`, func(t *testing.T, s *Settings) {
			if string(s.Raw[SourceUser]["theme"]) != `"dark"` || string(s.Raw[SourceProject]["x"]) != "1" ||
				s.Raw[SourceProject]["hooks"] == nil {
				t.Errorf("raw %v", s.Raw)
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := newMachine(t)
			write(t, m.user(), tc.user)
			write(t, m.project(), tc.project)
			s, _ := mustLoad(t, m.opts())
			tc.check(t, s)
		})
	}
}

func TestLookupStrongestLayer(t *testing.T) {
	s := &Settings{Raw: map[Source]map[string]json.RawMessage{
		SourceUser:    {"k": json.RawMessage(`1`), "u": json.RawMessage(`"user"`)},
		SourceProject: {"k": json.RawMessage(`2`)},
		SourceFlag:    {"k": json.RawMessage(`3`)},
	}}
	if raw, ok := s.Lookup("k"); !ok || string(raw) != "3" {
		t.Errorf("Lookup(k) = %s %v, want the flag layer's 3", raw, ok)
	}
	if raw, ok := s.Lookup("u"); !ok || string(raw) != `"user"` {
		t.Errorf("Lookup(u) = %s %v", raw, ok)
	}
	if _, ok := s.Lookup("missing"); ok {
		t.Error("Lookup of an unset key reported a value")
	}
}
