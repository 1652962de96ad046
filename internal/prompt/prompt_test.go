package prompt

import (
	"strings"
	"testing"

	"corvid/internal/tool"
	"corvid/internal/tools/bash"
	"corvid/internal/tools/edit"
	"corvid/internal/tools/glob"
	"corvid/internal/tools/grep"
	"corvid/internal/tools/read"
	"corvid/internal/tools/webfetch"
	"corvid/internal/tools/write"
)

func TestSystemOverrideAndAppend(t *testing.T) {
	cases := []struct {
		name string
		o    Options
		want []string
	}{
		{"override", Options{Override: "be terse", HasOverride: true, Append: "extra"}, []string{"be terse", "extra"}},
		{"empty override", Options{HasOverride: true}, nil},
		{"empty override with append", Options{HasOverride: true, Append: "x"}, []string{"x"}},
	}
	for _, c := range cases {
		got := System(c.o)
		if strings.Join(got, "|") != strings.Join(c.want, "|") || len(got) != len(c.want) {
			t.Errorf("%s: System = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestDefaultMentionsOnlyOfferedTools(t *testing.T) {
	all := Default(Options{Tools: []tool.Tool{bash.New(nil, bash.Options{}), read.New(nil), edit.New(nil),
		grep.New(grep.Options{}), glob.New(), write.New(nil), webfetch.New(webfetch.Options{})},
		Environment: "Working directory: /p", Model: "claude-x"})
	for _, want := range []string{"You are corvid", "in one response", "Read a file before you change it",
		"Grep instead of grep/rg", "Working directory: /p", "Model: claude-x", "# Care and safety"} {
		if !strings.Contains(all, want) {
			t.Errorf("default prompt lacks %q", want)
		}
	}
	bare := Default(Options{Tools: []tool.Tool{read.New(nil)}})
	for _, absent := range []string{"Bash", "Read a file before you change it", "WebFetch", "# Environment"} {
		if strings.Contains(bare, absent) {
			t.Errorf("prompt with only Read mentions %q", absent)
		}
	}
	if none := Default(Options{}); strings.Contains(none, "# Using tools") {
		t.Error("prompt without tools has tool guidance")
	}
}

func TestReminders(t *testing.T) {
	got := Reminders(Context{Instructions: "Contents of /p/CLAUDE.md:\n\nuse tabs\n", Date: "2026-11-21", Git: "Branch: main"})
	if len(got) != 3 {
		t.Fatalf("got %d reminders", len(got))
	}
	for i, want := range []string{"use tabs", "Today's date is 2026-11-21.", "Branch: main"} {
		if !strings.HasPrefix(got[i], "<system-reminder>\n") || !strings.HasSuffix(got[i], "\n</system-reminder>") ||
			!strings.Contains(got[i], want) {
			t.Errorf("reminder %d = %q, want %q inside tags", i, got[i], want)
		}
	}
	if len(Reminders(Context{})) != 0 {
		t.Error("empty context gave reminders")
	}
}

// guided is a new tool known only to this file: its guidance reaches the
// prompt through tool.Guided, and Bash points to it as the dedicated
// alternative it declares.
type guided struct{ tool.Func }

func (guided) Guidance([]tool.Tool) []string { return []string{"- Use Lint before committing."} }
func (guided) ShellAlternative() string      { return "eslint" }

func TestNewToolGuidance(t *testing.T) {
	g := guided{tool.Func{ToolName: "Lint"}}
	p := Default(Options{Tools: []tool.Tool{bash.New(nil, bash.Options{}), &g, grep.New(grep.Options{}), glob.New()}})
	for _, want := range []string{"- Use Lint before committing.", "Lint instead of eslint; Grep instead of grep/rg"} {
		if !strings.Contains(p, want) {
			t.Errorf("prompt lacks %q:\n%s", want, p)
		}
	}
	if n := strings.Count(p, "Search before assuming"); n != 1 {
		t.Errorf("Grep and Glob's shared line appears %d times, want once", n)
	}
}

// An output style adds its section; DropCoding leaves out the software
// engineering instructions and nothing else.
func TestDefaultOutputStyle(t *testing.T) {
	base := Default(Options{Tools: []tool.Tool{read.New(nil)}})
	styled := Default(Options{Tools: []tool.Tool{read.New(nil)}, StyleName: "Pirate", Style: "Arr."})
	dropped := Default(Options{Tools: []tool.Tool{read.New(nil)}, StyleName: "Pirate", Style: "Arr.", DropCoding: true})
	if strings.Contains(base, "# Output style") || !strings.Contains(styled, "# Output style: Pirate\nArr.") {
		t.Errorf("style section wrong:\n%s", styled)
	}
	if !strings.Contains(styled, "# How to work") || strings.Contains(dropped, "# How to work") {
		t.Error("DropCoding does not decide the coding instructions")
	}
	if !strings.Contains(dropped, "# Care and safety") || !strings.Contains(dropped, "You are corvid") {
		t.Error("DropCoding removed more than the coding instructions")
	}
}
