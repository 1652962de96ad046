package tui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"corvid/internal/event"
	"corvid/internal/permission"
	"corvid/internal/provider"
	"corvid/internal/tool"
	"corvid/internal/tools/bash"
	"corvid/internal/tools/read"
	"corvid/internal/tools/webfetch"
)

// ruleConv is the fake conversation with the RuleEditor side: its rules
// are scripted, its checks made by a real permission engine.
type ruleConv struct {
	*fakeConv
	rules []permission.RuleInfo
	gate  *permission.Engine
}

func (r *ruleConv) PermissionRules() []permission.RuleInfo { return r.rules }
func (r *ruleConv) Messages() []provider.Message           { return saidSomething }

// saidSomething is a conversation with a transcript to resume.
var saidSomething = []provider.Message{{Role: provider.RoleUser, Content: []provider.Block{provider.TextBlock("hi")}}}

func (r *ruleConv) CheckRule(kind, rule string) error {
	return r.gate.CheckRule(rule, tool.PermissionBehavior(kind))
}

// ruleHarness runs the interface in a temporary project (dir, with the
// user settings in dir/user) whose conversation reports rules(dir);
// opens lists each Open's resume value.
func ruleHarness(t *testing.T, rules func(dir string) []permission.RuleInfo, tweaks ...func(*Options)) (h *harness, dir string, opens func() []string) {
	dir = t.TempDir()
	gate, _ := permission.New(permission.Config{WorkDirs: []string{dir},
		Tools: []tool.Tool{bash.New(nil, bash.Options{}), read.New(nil), webfetch.New(webfetch.Options{})}})
	var mu sync.Mutex
	var resumes []string
	fc := &fakeConv{}
	h = newHarness(t, 100, nil, func(o *Options) {
		o.Cwd, o.ConfigDir = dir, filepath.Join(dir, "user")
		o.Open = func(_ context.Context, sink event.Sink, asker permission.Asker, resume string) (Backend, error) {
			mu.Lock()
			resumes = append(resumes, resume)
			mu.Unlock()
			fc.sink, fc.asker = sink, asker
			var rs []permission.RuleInfo
			if rules != nil {
				rs = rules(dir)
			}
			return &ruleConv{fakeConv: fc, rules: rs, gate: gate}, nil // fc: Open runs before newHarness returns
		}
		for _, tw := range tweaks {
			tw(o)
		}
	})
	return h, dir, func() []string { mu.Lock(); defer mu.Unlock(); return append([]string(nil), resumes...) }
}

// /permissions list lists every rule in effect, deny first as the engine
// reports them, with the file (relative when inside the project) and
// layer each came from.
func TestPermissionsList(t *testing.T) {
	h, dir, _ := ruleHarness(t, func(dir string) []permission.RuleInfo {
		return []permission.RuleInfo{
			{Behavior: "deny", Text: "Bash(rm -rf *)", Source: "project", File: filepath.Join(dir, ".claude/settings.json")},
			{Behavior: "ask", Text: "WebFetch(domain:example.com)", Source: "user", File: "/root/.corvid/settings.json"},
			{Behavior: "allow", Text: "Read", Source: "local", File: filepath.Join(dir, ".claude/settings.local.json")},
			{Behavior: "allow", Text: "Bash(go test *)", Source: "cli"},
			{Behavior: "allow", Text: "Bash(npm run lint)", Source: "session"},
		}
	})
	h.typeLine("/permissions list")
	h.waitFor("the list", func(p, _ string) bool { return strings.Contains(p, "this session") })
	golden.RequireEqual(t, []byte(strings.ReplaceAll(h.scrollback(), dir, "<proj>")))
}

// add writes the rule into the chosen settings file and reopens the
// same session so it applies; remove takes it out again.
func TestPermissionsAddRemove(t *testing.T) {
	h, dir, opens := ruleHarness(t, nil)
	h.typeLine("/permissions add deny project Bash(rm -rf *)")
	h.waitFor("the note", func(p, _ string) bool { return strings.Contains(p, "Added deny rule") })
	file := filepath.Join(dir, ".claude", "settings.json")
	waitFile(t, h, file, `"Bash(rm -rf *)"`)
	h.waitFor("the reopen", func(string, string) bool { return len(opens()) == 2 })
	if got := opens(); got[1] != "sess-1" {
		t.Fatalf("reopened with resume %q, want the same session sess-1", got[1])
	}
	h.typeLine("/permissions add allow Read")
	waitFile(t, h, filepath.Join(dir, ".claude", "settings.local.json"), `"allow": [`)
	h.typeLine("/permissions remove deny project Bash(rm -rf *)")
	h.waitFor("the removal", func(p, _ string) bool { return strings.Contains(p, "Removed deny rule") })
	if data, _ := os.ReadFile(file); strings.Contains(string(data), "rm -rf") {
		t.Fatalf("rule still in %s:\n%s", file, data)
	}
	// Three reloads of the conversation on screen print nothing again.
	h.waitFor("the last reopen", func(string, string) bool { return len(opens()) == 4 })
	h.typeLine("/status")
	h.waitFor("the status", func(p, _ string) bool { return strings.Contains(p, "Session  sess-1") })
	if p := h.scrollback(); strings.Count(p, "/help for commands") != 1 || strings.Count(p, "> hi") != 1 {
		t.Errorf("a reload printed the banner or the conversation again:\n%s", p)
	}
}

// A rule that does not parse, an unknown kind or a missing rule is
// refused with the reason, and no file is written.
func TestPermissionsInvalidWritesNothing(t *testing.T) {
	h, dir, opens := ruleHarness(t, nil)
	for _, tc := range []struct{ line, want string }{
		{"/permissions add allow Bash(ls", "unbalanced parentheses"},
		{"/permissions add deny user Bash()", "empty specifier"},
		{"/permissions add ask local WebFetch(example.com)", "domain:"},
		{"/permissions add permit Read", "unknown rule kind"},
		{"/permissions add allow project", "no rule given"},
		{"/permissions remove allow Read", "rule not found"},
		{"/permissions grant allow Read", "Usage:"},
	} {
		h.typeLine(tc.line)
		h.waitFor(tc.want, func(p, _ string) bool { return strings.Contains(p, tc.want) })
	}
	for _, f := range []string{filepath.Join(dir, ".claude"), filepath.Join(dir, "user", "settings.json")} {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("%s was written", f)
		}
	}
	if n := len(opens()); n != 1 {
		t.Errorf("conversation opened %d times, want 1 (no reload after a refused edit)", n)
	}
}

func waitFile(t *testing.T, h *harness, path, want string) {
	t.Helper()
	h.waitFor(path+" holding "+want, func(string, string) bool {
		data, _ := os.ReadFile(path)
		return strings.Contains(string(data), want)
	})
}
