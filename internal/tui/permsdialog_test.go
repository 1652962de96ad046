package tui

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"corvid/internal/config"
	"corvid/internal/event"
	"corvid/internal/permission"
	"corvid/internal/provider"
	"corvid/internal/tool"
	"corvid/internal/tools/bash"
	"corvid/internal/tools/read"
	"corvid/internal/tools/webfetch"
)

// liveConv is a fake conversation whose permission engine is built, when
// it opens, from the settings files as they are then (config.Load and
// permission.New, as the real conversation does). Each prompt is a Bash
// command its engine judges; the decision is recorded.
type liveConv struct {
	*fakeConv
	gate *permission.Engine
	dirs []permission.DirInfo
	lab  *permsLab
}

func (l *liveConv) PermissionRules() []permission.RuleInfo { return l.gate.Rules() }
func (l *liveConv) Messages() []provider.Message           { return saidSomething }
func (l *liveConv) WorkspaceDirs() []permission.DirInfo    { return l.dirs }
func (l *liveConv) CheckRule(kind, rule string) error {
	return l.gate.CheckRule(rule, tool.PermissionBehavior(kind))
}

// Submit judges the prompt's text as a Bash command with this
// conversation's engine.
func (l *liveConv) Submit(ctx context.Context, p []provider.Block) event.Result {
	in, _ := json.Marshal(map[string]string{"command": p[len(p)-1].Text})
	d := l.gate.Check(ctx, permission.Request{Tool: l.lab.bash, Input: in})
	l.lab.mu.Lock()
	l.lab.decisions = append(l.lab.decisions, d)
	l.lab.mu.Unlock()
	return l.fakeConv.Submit(ctx, p)
}

// permsLab is a temporary project (dir) with user settings in dir/user,
// managed settings in dir/managed, a --allowedTools rule and a working
// directory added on the command line (dir/extra).
type permsLab struct {
	h    *harness
	dir  string
	bash tool.Tool

	mu        sync.Mutex
	opens     int
	decisions []permission.Decision
	added     []string // what /add-dir (or the dialog) added
}

func (l *permsLab) path(rel string) string { return filepath.Join(l.dir, rel) }

func (l *permsLab) opened() int { l.mu.Lock(); defer l.mu.Unlock(); return l.opens }

// decision waits for the n-th decision (counting from 0).
func (l *permsLab) decision(n int) permission.Decision {
	l.h.t.Helper()
	l.h.waitFor("decision", func(string, string) bool { l.mu.Lock(); defer l.mu.Unlock(); return len(l.decisions) > n })
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.decisions[n]
}

const (
	labLocal   = "{\n  // mine\n  \"permissions\": {\"allow\": [\"Read\"], \"deny\": [\"Bash(curl *)\"]}\n}\n"
	labProject = `{"permissions": {"ask": ["WebFetch(domain:example.com)"]}}`
	labUser    = `{"permissions": {"allow": ["Bash(go test *)"], "additionalDirectories": ["../shared"]}}`
	labManaged = `{"permissions": {"deny": ["Bash(sudo *)"]}}`
)

func newPermsLab(t *testing.T) *permsLab { return newPermsLabAt(t, 100) }

// newPermsLabAt is newPermsLab in a terminal width columns wide.
func newPermsLabAt(t *testing.T, width int) *permsLab {
	l := &permsLab{dir: t.TempDir(), bash: bash.New(nil, bash.Options{})}
	for rel, body := range map[string]string{".claude/settings.local.json": labLocal, ".claude/settings.json": labProject,
		"user/settings.json": labUser, "managed/managed-settings.json": labManaged, "extra/.keep": "", "shared/.keep": "", "sub/.keep": ""} {
		if err := os.MkdirAll(filepath.Dir(l.path(rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(l.path(rel), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fc := &fakeConv{}
	l.h = newHarness(t, width, nil, func(o *Options) {
		o.Cwd, o.ConfigDir = l.dir, l.path("user")
		o.AddDir = func(dir string) error {
			if info, err := os.Stat(dir); err != nil || !info.IsDir() {
				return &os.PathError{Op: "add-dir", Path: dir, Err: os.ErrNotExist}
			}
			l.mu.Lock()
			defer l.mu.Unlock()
			l.added = append(l.added, dir)
			return nil
		}
		o.Open = func(_ context.Context, sink event.Sink, asker permission.Asker, _ string) (Backend, error) {
			fc.sink, fc.asker = sink, asker
			return l.open(t, fc)
		}
	})
	return l
}

// open loads the settings and builds the engine, as a conversation does.
func (l *permsLab) open(t *testing.T, fc *fakeConv) (Backend, error) {
	s, _, _, err := config.Load(config.Options{Cwd: l.dir, ConfigDir: l.path("user"), ManagedDir: l.path("managed"), Trusted: true})
	if err != nil {
		return nil, err
	}
	src := func(rs []config.Rule) []permission.RuleSource {
		var out []permission.RuleSource
		for _, r := range rs {
			out = append(out, permission.RuleSource{Text: r.Text, Source: string(r.Source), File: r.File, Dir: r.Dir})
		}
		return out
	}
	l.mu.Lock()
	l.opens++
	added := append([]string(nil), l.added...)
	l.mu.Unlock()
	dirs := []permission.DirInfo{{Path: l.dir, Source: permission.SourceCwd}, {Path: l.path("extra"), Source: permission.SourceCLI}}
	for _, a := range added {
		dirs = append(dirs, permission.DirInfo{Path: a, Source: permission.SourceCLI})
	}
	for _, d := range s.AdditionalDirectories {
		dirs = append(dirs, permission.DirInfo{Path: d.Text, Source: string(d.Source), File: d.File})
	}
	var work []string
	for _, d := range dirs {
		work = append(work, d.Path)
	}
	gate, errs := permission.New(permission.Config{WorkDirs: work, Mode: permission.ModeDefault,
		Allow: append(src(s.Allow), permission.RuleSource{Text: "Bash(make *)", Source: permission.SourceCLI}),
		Deny:  src(s.Deny), Ask: src(s.Ask),
		Tools: []tool.Tool{l.bash, read.New(nil), webfetch.New(webfetch.Options{})}})
	if len(errs) > 0 {
		t.Errorf("rules: %v", errs)
	}
	return &liveConv{fakeConv: fc, gate: gate, dirs: dirs, lab: l}, nil
}

// view is the dialog as drawn, the project directory as <proj>.
func (l *permsLab) view() string { return strings.ReplaceAll(l.h.currentView(), l.dir, "<proj>") }

// waitView waits until the dialog shows want.
func (l *permsLab) waitView(want string) {
	l.h.t.Helper()
	l.h.waitFor(want, func(_, v string) bool { return strings.Contains(v, want) })
}

func (l *permsLab) keys(codes ...rune) {
	for _, c := range codes {
		l.h.key(c, 0)
	}
}

// namedTB gives a golden file a name of its own within a test.
type namedTB struct {
	testing.TB
	name string
}

func (n namedTB) Name() string { return n.name }

func goldenView(t *testing.T, l *permsLab, name string) {
	t.Helper()
	golden.RequireEqual(namedTB{t, t.Name() + "/" + name}, []byte(l.view()))
}
