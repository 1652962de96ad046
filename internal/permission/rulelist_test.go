package permission

import (
	"testing"

	"corvid/internal/tool"
)

// Rules lists the compiled rules deny, ask, allow, then session rules,
// each with its layer and file; an invalid rule is not among them.
func TestRulesListsWhatIsInEffect(t *testing.T) {
	e, errs := New(Config{Tools: testTools(), WorkDirs: []string{"/work"},
		Allow: []RuleSource{{Text: "Read", Source: SourceLocal, File: "/work/.claude/settings.local.json"},
			{Text: "Bash(ls", Source: SourceUser, File: "/u/settings.json"}},
		Deny: []RuleSource{{Text: "Bash(rm *)", Source: SourceProject, File: "/work/.claude/settings.json"}},
		Ask:  []RuleSource{{Text: "WebFetch", Source: SourceCLI}}})
	if len(errs) != 1 {
		t.Fatalf("errs = %v, want the one invalid rule", errs)
	}
	e.remember([]suggestion{{rule: "Bash(npm test)"}})
	want := []RuleInfo{
		{Behavior: tool.PermissionDeny, Text: "Bash(rm *)", Written: "Bash(rm *)", Source: SourceProject, File: "/work/.claude/settings.json"},
		{Behavior: tool.PermissionAsk, Text: "WebFetch", Written: "WebFetch", Source: SourceCLI},
		{Behavior: tool.PermissionAllow, Text: "Read", Written: "Read", Source: SourceLocal, File: "/work/.claude/settings.local.json"},
		{Behavior: tool.PermissionAllow, Text: "Bash(npm test)", Written: "Bash(npm test)", Source: SourceSession},
	}
	got := e.Rules()
	if len(got) != len(want) {
		t.Fatalf("Rules() = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("rule %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

// CheckRule judges a rule as New would, with the engine's tools.
func TestCheckRule(t *testing.T) {
	e, _ := New(Config{Tools: testTools(), WorkDirs: []string{"/work"}})
	for _, ok := range []string{"Bash(npm run test *)", "Read(./src/**)", "WebFetch(domain:example.com)", "mcp__github", "Edit"} {
		if err := e.CheckRule(ok, tool.PermissionAllow); err != nil {
			t.Errorf("CheckRule(%q) = %v, want nil", ok, err)
		}
	}
	for _, bad := range []string{"Bash(ls", "bash(ls)", "Read()", "", "Bad Name", "WebFetch(example.com)"} {
		if err := e.CheckRule(bad, tool.PermissionDeny); err == nil {
			t.Errorf("CheckRule(%q) = nil, want an error", bad)
		}
	}
	if err := e.CheckRule("Read", "permit"); err == nil {
		t.Error("an unknown behaviour was accepted")
	}
}

// A rule whose text the engine rewrites (Bash(*) is Bash, spaces are
// trimmed) keeps its written form, which is what an edit of its file
// must name.
func TestRulesKeepWrittenText(t *testing.T) {
	e, _ := New(Config{Tools: testTools(), WorkDirs: []string{"/work"},
		Allow: []RuleSource{{Text: " Bash(*)", Source: SourceUser, File: "/u/settings.json"}}})
	got := e.Rules()
	if len(got) != 1 || got[0].Text != "Bash" || got[0].Written != " Bash(*)" {
		t.Fatalf("Rules() = %+v, want Text Bash written as \" Bash(*)\"", got)
	}
}
