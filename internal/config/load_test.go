package config

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestEachLayerAlone(t *testing.T) {
	const doc = `{"permissions": {"allow": ["Read(/docs/**)"]}}`
	cases := []struct {
		name string
		// setup writes the layer and returns the rule Load should report.
		setup func(t *testing.T, m machine, o *Options) Rule
	}{
		{"user", func(t *testing.T, m machine, _ *Options) Rule {
			write(t, m.user(), doc)
			return Rule{Source: SourceUser, File: m.user(), Dir: m.config}
		}},
		{"project", func(t *testing.T, m machine, _ *Options) Rule {
			write(t, m.project(), doc)
			return Rule{Source: SourceProject, File: m.project(), Dir: m.repo}
		}},
		{"local", func(t *testing.T, m machine, _ *Options) Rule {
			write(t, m.local(), doc)
			return Rule{Source: SourceLocal, File: m.local(), Dir: m.repo}
		}},
		{"flag file", func(t *testing.T, m machine, o *Options) Rule {
			p := filepath.Join(m.home, "extra", "flag.json")
			write(t, p, doc)
			o.FlagSettings = p
			return Rule{Source: SourceFlag, File: p, Dir: filepath.Dir(p)}
		}},
		{"flag file relative to cwd", func(t *testing.T, m machine, o *Options) Rule {
			p := filepath.Join(m.repo, "ci", "s.json")
			write(t, p, doc)
			o.FlagSettings = "ci/s.json"
			return Rule{Source: SourceFlag, File: p, Dir: filepath.Dir(p)}
		}},
		{"flag JSON", func(t *testing.T, m machine, o *Options) Rule {
			o.FlagSettings = "  " + doc
			return Rule{Source: SourceFlag, Dir: m.repo}
		}},
		{"managed", func(t *testing.T, m machine, _ *Options) Rule {
			write(t, m.managedFile(), doc)
			return Rule{Source: SourceManaged, File: m.managedFile(), Dir: m.managed}
		}},
		{"managed drop-in", func(t *testing.T, m machine, _ *Options) Rule {
			write(t, m.dropIn("10-a.json"), doc)
			return Rule{Source: SourceManaged, File: m.dropIn("10-a.json"), Dir: m.managed}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := newMachine(t)
			o := m.opts()
			want := tc.setup(t, m, &o)
			want.Text = "Read(/docs/**)"
			s, notices := mustLoad(t, o)
			if diff := cmp.Diff([]Rule{want}, s.Allow); diff != "" {
				t.Errorf("allow (-want +got):\n%s", diff)
			}
			if len(notices) != 0 || len(s.Raw) != 1 || s.Raw[want.Source]["permissions"] == nil {
				t.Errorf("notices %v, raw %v", notices, s.Raw)
			}
		})
	}
}

func TestNoFilesAtAll(t *testing.T) {
	m := newMachine(t)
	s, notices := mustLoad(t, m.opts())
	if s == nil || len(s.Allow)+len(s.Deny)+len(s.Ask) != 0 || s.Model != "" || len(s.Raw) != 0 || notices != nil {
		t.Fatalf("got %+v, %v", s, notices)
	}
}

// allLayers writes a file to every layer, each built by doc(layer name).
func allLayers(t testing.TB, m machine, o *Options, doc func(name string) string) {
	t.Helper()
	write(t, m.user(), doc("user"))
	write(t, m.project(), doc("project"))
	write(t, m.local(), doc("local"))
	o.FlagSettings = doc("flag")
	write(t, m.managedFile(), doc("managed"))
}

func TestScalarPrecedence(t *testing.T) {
	cases := []struct {
		name    string
		present []string // layers whose file exists; the others are emptied
		want    string
	}{
		{"all", []string{"user", "project", "local", "flag", "managed"}, "managed"},
		{"no managed", []string{"user", "project", "local", "flag"}, "flag"},
		{"no flag", []string{"user", "project", "local"}, "local"},
		{"project over user", []string{"user", "project"}, "project"},
		{"user only", []string{"user"}, "user"},
		{"managed over user", []string{"user", "managed"}, "managed"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := newMachine(t)
			o := m.opts()
			allLayers(t, m, &o, func(name string) string {
				for _, p := range tc.present {
					if p == name {
						return `{"model": "` + name + `", "permissions": {"defaultMode": "plan"},
							"env": {"A": "` + name + `", "` + name + `": "1"}}`
					}
				}
				return `{}`
			})
			s, _ := mustLoad(t, o)
			if s.Model != tc.want || string(s.DefaultModeSource) != tc.want || s.DefaultMode != "plan" {
				t.Errorf("model %q mode source %q; want %q", s.Model, s.DefaultModeSource, tc.want)
			}
			if s.Env["A"] != tc.want || len(s.Env) != len(tc.present)+1 {
				t.Errorf("env %v: A should come from %s, and every layer's own key be kept", s.Env, tc.want)
			}
		})
	}
}
