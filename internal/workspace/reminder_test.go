package workspace

import "testing"

func TestReminder(t *testing.T) {
	if got := Reminder(nil); got != "" {
		t.Errorf("no files: %q", got)
	}
	got := Reminder([]File{
		{Path: "/r/CLAUDE.md", Scope: ScopeProject, Content: "one"},
		{Path: "/r/CLAUDE.local.md", Scope: ScopeLocal, Content: "two\nlines"},
	})
	want := reminderOpening +
		"\n\nContents of /r/CLAUDE.md (" + ScopeProject.Label() + "):\n\none" +
		"\n\nContents of /r/CLAUDE.local.md (" + ScopeLocal.Label() + "):\n\ntwo\nlines"
	if got != want {
		t.Errorf("Reminder:\n%s\nwant:\n%s", got, want)
	}
}

func TestScopeNames(t *testing.T) {
	seen := map[string]bool{}
	for s := ScopeManaged; s <= ScopeNested; s++ {
		if seen[s.Label()] || seen[s.String()] {
			t.Errorf("scope %d repeats a name", s)
		}
		seen[s.Label()], seen[s.String()] = true, true
	}
	if ScopeLocal.String() != "local" || Scope(99).String() != "unknown" {
		t.Error("unexpected scope names")
	}
}
