package config

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// layerPaths are the file of each layer that can fail, for machine m.
func layerPaths(m machine) map[Source]string {
	return map[Source]string{
		SourceUser: m.user(), SourceProject: m.project(), SourceLocal: m.local(),
		SourceFlag: filepath.Join(m.repo, "ci.json"), SourceManaged: m.managedFile(),
	}
}

// bigDoc is a settings file of more than size bytes, with comments and
// trailing commas: a long allow list and a padding key, then deny and
// ask rules at the end.
func bigDoc(size int) string {
	var b strings.Builder
	b.WriteString("{\n  // generated\n  \"permissions\": {\n    \"allow\": [\n")
	for i := range 1000 {
		fmt.Fprintf(&b, "      \"Bash(tool-%d *)\", /* %d */\n", i, i)
	}
	b.WriteString("    ],\n    \"deny\": [\"Bash\"],\n    \"ask\": [\"Edit\"],\n  },\n  \"pad\": \"")
	b.WriteString(strings.Repeat("x", max(size-b.Len(), 0)))
	b.WriteString("\",\n}\n")
	return b.String()
}

// Every layer's file fails closed: whatever the layer, a file that cannot
// be read, is over the limit, does not parse or has a deny list of the
// wrong type fails the load, naming the file; only the user, project and
// local files may be skipped by the user's choice.
func TestEveryLayerFailsClosed(t *testing.T) {
	kinds := []struct {
		name  string
		make  func(t *testing.T, path string)
		found string // in the failure's message
	}{
		{"malformed", func(t *testing.T, p string) { write(t, p, "{\"permissions\": {\"deny\": [\"Bash\"]") }, "invalid JSON"},
		{"unreadable", func(t *testing.T, p string) { unreadable(t, p) }, "permission denied"},
		{"too large", func(t *testing.T, p string) { sparse(t, p, MaxSettingsSize+1) }, "larger than 16 MiB"},
		{"deny of the wrong type", func(t *testing.T, p string) {
			write(t, p, `{"permissions": {"deny": "Bash", "allow": ["Bash"]}}`)
		}, "permissions.deny: want an array of strings"},
		{"big and malformed", func(t *testing.T, p string) { write(t, p, bigDoc(MaxFileSize+1)+",") }, "invalid JSON"},
	}
	sources := []Source{SourceUser, SourceProject, SourceLocal, SourceFlag, SourceManaged}
	for _, k := range kinds {
		for _, src := range sources {
			t.Run(k.name+"/"+string(src), func(t *testing.T) {
				m := newMachine(t)
				path := layerPaths(m)[src]
				k.make(t, path)
				o := m.opts()
				if src == SourceFlag {
					o.FlagSettings = path
				}
				s, _, _, err := Load(o)
				f := oneFailure(t, s, err)
				if f.Source != src || f.Path != path || !strings.Contains(f.Msg, k.found) {
					t.Errorf("failure %+v; want %s's %s …%s…", f, src, path, k.found)
				}
				var le *LoadError
				errors.As(err, &le)
				if le.Skippable() != skippable(src) || !strings.Contains(err.Error(), f.Problem.Error()) {
					t.Errorf("skippable %v, error %q", le.Skippable(), err)
				}
			})
		}
	}
}

// A big file (over MaxFileSize, the limit that used to skip it) loads in
// every layer, and its deny and ask rules apply — also from an untrusted
// repository, whose allow rules are still withheld.
func TestBigFilesLoad(t *testing.T) {
	doc := bigDoc(MaxFileSize + 1)
	for _, src := range []Source{SourceUser, SourceProject, SourceLocal, SourceFlag, SourceManaged} {
		for _, trusted := range []bool{true, false} {
			if !trusted && !inRepository(src) {
				continue
			}
			t.Run(fmt.Sprintf("%s/trusted=%v", src, trusted), func(t *testing.T) {
				m := newMachine(t)
				path := layerPaths(m)[src]
				write(t, path, doc)
				o := m.opts()
				o.Trusted = trusted
				if src == SourceFlag {
					o.FlagSettings = path
				}
				s, _ := mustLoad(t, o)
				if diff := cmp.Diff([]string{"Bash"}, texts(s.Deny)); diff != "" {
					t.Errorf("deny (-want +got):\n%s", diff)
				}
				if diff := cmp.Diff([]string{"Edit"}, texts(s.Ask)); diff != "" {
					t.Errorf("ask (-want +got):\n%s", diff)
				}
				wantAllow := trusted || !inRepository(src)
				if got := len(s.Allow) == 1000; got != wantAllow {
					t.Errorf("%d allow rules; want them %v", len(s.Allow), wantAllow)
				}
			})
		}
	}
}

// Options.Without is the hook for "go on without that file": a failed
// user, project or local file can be left out by the user's choice; a
// managed file cannot.
func TestWithout(t *testing.T) {
	m := newMachine(t)
	write(t, m.project(), `{"permissions": {"deny": ["Bash"]`)
	write(t, m.user(), `{"permissions": {"deny": "Read"}}`)
	write(t, m.local(), `{"permissions": {"deny": ["Edit"]}}`)
	o := m.opts()
	_, _, _, err := Load(o)
	var le *LoadError
	if !errors.As(err, &le) || len(le.Failures) != 2 || !le.Skippable() {
		t.Fatalf("error %v; want two skippable failures", err)
	}
	if diff := cmp.Diff([]string{m.user(), m.project()}, le.Paths()); diff != "" {
		t.Errorf("paths (-want +got):\n%s", diff)
	}
	o.Without = le.Paths()
	s, _ := mustLoad(t, o)
	if diff := cmp.Diff([]string{"Edit"}, texts(s.Deny)); diff != "" {
		t.Errorf("deny (-want +got):\n%s", diff)
	}

	write(t, m.managedFile(), `{`)
	o.Without = append(o.Without, m.managedFile())
	s, _, _, err = Load(o)
	if f := oneFailure(t, s, err); f.Path != m.managedFile() {
		t.Errorf("failure %+v; a managed file cannot be left out", f)
	}
}

// Files that are not there are simply absent — also below a .claude that
// is a plain file — except the one --settings names.
func TestAbsentFiles(t *testing.T) {
	m := newMachine(t)
	write(t, filepath.Join(m.repo, ".claude"), "not a directory")
	s, _ := mustLoad(t, m.opts())
	if len(s.Raw) != 0 {
		t.Errorf("raw %v", s.Raw)
	}
}

func TestDropInDirectoryFailures(t *testing.T) {
	m := newMachine(t)
	for i := range maxDropIns + 1 {
		write(t, m.dropIn(fmt.Sprintf("%03d.json", i)), `{}`)
	}
	s, _, _, err := Load(m.opts())
	f := oneFailure(t, s, err)
	if f.Source != SourceManaged || !strings.Contains(f.Msg, "257 drop-ins; at most 256") {
		t.Errorf("failure %+v", f)
	}

	m = newMachine(t)
	write(t, filepath.Join(m.managed, "managed-settings.d"), "a file, not a directory")
	s, _, _, err = Load(m.opts())
	if f := oneFailure(t, s, err); !strings.Contains(f.Msg, "cannot list drop-ins") {
		t.Errorf("failure %+v", f)
	}
}

// LoadError names every file, one a line.
func TestLoadErrorText(t *testing.T) {
	e := &LoadError{Failures: []Failure{
		{Source: SourceManaged, Path: "/etc/corvid/managed-settings.json",
			Problem: Problem{File: "/etc/corvid/managed-settings.json", Msg: "cannot read settings: permission denied"}},
		{Source: SourceProject, Path: "/p/.claude/settings.json",
			Problem: Problem{File: ".claude/settings.json", Line: 3, Col: 1, Msg: "invalid JSON: x"}},
	}}
	lines := strings.Split(e.Error(), "\n")
	want := []string{"  /etc/corvid/managed-settings.json: cannot read settings: permission denied",
		"  .claude/settings.json:3:1: invalid JSON: x"}
	if len(lines) != 3 || !slices.Equal(lines[1:], want) || !strings.HasPrefix(lines[0], "cannot load settings") {
		t.Errorf("%q", e.Error())
	}
	if e.Skippable() {
		t.Error("a managed failure is not skippable")
	}
}
