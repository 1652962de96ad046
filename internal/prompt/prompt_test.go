package prompt

import (
	"strings"
	"testing"
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
	all := Default(Options{Tools: []string{"Bash", "Read", "Edit", "Grep", "Glob", "Write", "WebFetch"},
		Environment: "Working directory: /p", Model: "claude-x"})
	for _, want := range []string{"You are corvid", "in one response", "Read a file before you change it",
		"Grep instead of grep/rg", "Working directory: /p", "Model: claude-x", "# Care and safety"} {
		if !strings.Contains(all, want) {
			t.Errorf("default prompt lacks %q", want)
		}
	}
	bare := Default(Options{Tools: []string{"Read"}})
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

// An output style adds its section; DropCoding leaves out the software
// engineering instructions and nothing else.
func TestDefaultOutputStyle(t *testing.T) {
	base := Default(Options{Tools: []string{"Read"}})
	styled := Default(Options{Tools: []string{"Read"}, StyleName: "Pirate", Style: "Arr."})
	dropped := Default(Options{Tools: []string{"Read"}, StyleName: "Pirate", Style: "Arr.", DropCoding: true})
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
