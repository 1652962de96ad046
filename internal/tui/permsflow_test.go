package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// /permissions opens the dialog; each tab lists its rules (or the
// working directories) after the add entry, each with where it comes
// from, and tab, →, ← and shift+tab move between the tabs.
func TestPermsDialogTabs(t *testing.T) {
	l := newPermsLab(t)
	l.h.typeLine("/permissions")
	l.waitView("[Allow]")
	goldenView(t, l, "allow")
	l.keys(tea.KeyRight)
	l.waitView("[Ask]")
	goldenView(t, l, "ask")
	l.keys(tea.KeyTab)
	l.waitView("[Deny]")
	goldenView(t, l, "deny")
	l.keys(tea.KeyRight)
	l.waitView("[Workspace]")
	goldenView(t, l, "workspace")
	l.keys(tea.KeyRight)
	l.waitView("[Allow]")
	l.keys(tea.KeyLeft)
	l.waitView("[Workspace]")
	l.keys(tea.KeyEscape)
	l.h.waitFor("the dialog closed", func(_, v string) bool { return !strings.Contains(v, "Permissions") })
}

// Enter on a rule shows where it comes from; Delete asks to confirm and
// then takes it out of its file (comments and the other rules kept); the
// conversation reopens and the very next decision no longer finds it.
func TestPermsDialogDeletesFromItsFile(t *testing.T) {
	l := newPermsLab(t)
	l.h.typeLine("curl http://example.com")
	if d := l.decision(0); d.Behavior != "deny" || d.Rule != "Bash(curl *)" {
		t.Fatalf("before: %+v, want the local deny rule", d)
	}
	l.h.typeLine("/permissions")
	l.waitView("[Allow]")
	l.keys(tea.KeyLeft, tea.KeyLeft) // Workspace, then Deny
	l.waitView("[Deny]")
	l.keys(tea.KeyDown, tea.KeyDown) // past the managed rule to the local one
	l.waitView("❯ Bash(curl *)")
	l.keys(tea.KeyEnter)
	l.waitView("Delete deny rule?")
	goldenView(t, l, "details") // "No, cancel" is selected
	l.keys(tea.KeyEnter)        // no: back to the list, nothing written
	l.waitView("❯ Bash(curl *)")
	l.keys(tea.KeyEnter)
	l.waitView("Delete deny rule?")
	l.keys(tea.KeyEscape) // esc: the same
	l.waitView("❯ Bash(curl *)")
	if data, _ := os.ReadFile(l.path(".claude/settings.local.json")); string(data) != labLocal {
		t.Fatalf("cancelling wrote the file:\n%s", data)
	}
	l.keys(tea.KeyEnter)
	l.waitView("Delete deny rule?")
	l.keys(tea.KeyUp)
	l.waitView("❯ 1. Yes, delete")
	goldenView(t, l, "confirm")
	l.keys(tea.KeyEnter)
	l.waitView("✓ Deleted deny rule Bash(curl *) from .claude/settings.local.json")
	l.h.waitFor("the reopen", func(string, string) bool { return l.opened() == 2 })
	data, _ := os.ReadFile(l.path(".claude/settings.local.json"))
	if strings.Contains(string(data), "curl") || !strings.Contains(string(data), "// mine") || !strings.Contains(string(data), `"Read"`) {
		t.Fatalf("local settings after the delete:\n%s", data)
	}
	l.keys(tea.KeyEscape)
	l.h.typeLine("curl http://example.com")
	if d := l.decision(1); d.Rule == "Bash(curl *)" {
		t.Fatalf("after: %+v, the deleted rule still decides", d)
	}
}

// The add entry takes a rule, checks it, asks where to save it and
// writes it there; esc backs out one level with the text kept; the next
// decision is made by the new rule.
func TestPermsDialogAddsRule(t *testing.T) {
	l := newPermsLab(t)
	l.h.typeLine("/permissions")
	l.waitView("[Allow]")
	l.keys(tea.KeyTab, tea.KeyTab)
	l.waitView("[Deny]")
	l.keys(tea.KeyEnter)
	l.h.tm.Type("Bash(rm -rf *)")
	l.waitView("> Bash(rm -rf *)█")
	goldenView(t, l, "input")
	l.keys(tea.KeyEnter)
	l.waitView("Where should the deny rule Bash(rm -rf *) be saved?")
	goldenView(t, l, "destination")
	l.keys(tea.KeyEscape)
	l.waitView("> Bash(rm -rf *)█")
	l.keys(tea.KeyEnter)
	l.waitView("be saved?")
	l.h.tm.Type("2") // project settings
	l.waitView("✓ Added deny rule Bash(rm -rf *) to .claude/settings.json")
	goldenView(t, l, "added")
	data, _ := os.ReadFile(l.path(".claude/settings.json"))
	if !strings.Contains(string(data), `"deny": ["Bash(rm -rf *)"]`) && !strings.Contains(string(data), `"Bash(rm -rf *)"`) {
		t.Fatalf("project settings:\n%s", data)
	}
	if !strings.Contains(string(data), "WebFetch(domain:example.com)") {
		t.Fatalf("the project's other rule was lost:\n%s", data)
	}
	l.h.waitFor("the reopen", func(string, string) bool { return l.opened() == 2 })
	l.keys(tea.KeyEscape)
	l.h.typeLine("rm -rf build")
	d := l.decision(0)
	if d.Behavior != "deny" || d.Rule != "Bash(rm -rf *)" || !strings.Contains(d.Source, "project") {
		t.Fatalf("next decision: %+v, want deny by the project rule just added", d)
	}
}

// An invalid rule is refused inline with the reason (as /permissions add
// refuses it), an empty one too, and nothing is written or reopened.
func TestPermsDialogInvalidRuleWritesNothing(t *testing.T) {
	l := newPermsLab(t)
	before := snapshotFiles(t, l.dir)
	l.h.typeLine("/permissions")
	l.waitView("[Allow]")
	l.keys(tea.KeyEnter, tea.KeyEnter)
	l.waitView("✗ no rule given")
	for _, tc := range []struct{ rule, want string }{
		{"Bash(ls", "unbalanced parentheses"}, {"WebFetch(example.com)", "domain:"}, {"Nope(x)", "take no specifier"},
	} {
		l.h.key('u', tea.ModCtrl)
		l.h.tm.Type(tc.rule)
		l.keys(tea.KeyEnter)
		l.waitView(tc.want)
		if strings.Contains(l.view(), "be saved?") {
			t.Fatalf("%s was accepted", tc.rule)
		}
	}
	l.keys(tea.KeyEscape, tea.KeyEscape)
	l.h.waitFor("the dialog closed", func(_, v string) bool { return !strings.Contains(v, "Permissions") })
	if after := snapshotFiles(t, l.dir); after != before {
		t.Fatalf("files changed:\n%s\nwas\n%s", after, before)
	}
	if n := l.opened(); n != 1 {
		t.Fatalf("conversation opened %d times, want 1", n)
	}
}

// snapshotFiles lists every file under dir with its content, but the
// prompt history.
func snapshotFiles(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() || strings.Contains(p, "/history/") { // the prompt history is no setting
			return err
		}
		data, err := os.ReadFile(p)
		b.WriteString(p + "\n" + string(data) + "\n")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// A managed rule and a command-line rule are shown with the reason they
// cannot be deleted and no delete option; even asked directly, the
// dialog refuses and leaves the managed file as it was.
func TestPermsDialogKeepsRulesNotTheUsers(t *testing.T) {
	l := newPermsLab(t)
	l.h.typeLine("/permissions")
	l.waitView("[Allow]")
	l.keys(tea.KeyTab, tea.KeyTab, tea.KeyDown, tea.KeyEnter)
	l.waitView("Cannot be deleted here. It comes from managed settings")
	goldenView(t, l, "managed")
	if strings.Contains(l.view(), "Yes, delete") {
		t.Fatal("a managed rule offers deletion")
	}
	l.keys(tea.KeyEnter) // the only option: back
	l.waitView("❯ Bash(sudo *)")
	l.keys(tea.KeyRight, tea.KeyRight, tea.KeyUp, tea.KeyEnter) // Allow, last entry: Bash(make *)
	l.waitView("comes from --allowedTools or --disallowedTools")
	if strings.Contains(l.view(), "Yes, delete") {
		t.Fatal("a command-line rule offers deletion")
	}

	before := snapshotFiles(t, l.dir)
	m := newModel(t.Context(), Options{Cwd: l.dir, ConfigDir: l.path("user")}, newBridge())
	fc := &fakeConv{}
	conv, _ := l.open(t, fc)
	m.conv = conv
	d := &permsDialog{rules: conv.(RuleEditor).PermissionRules(), tab: 2}
	for i, r := range d.tabRules() {
		if r.Source != "managed" {
			continue
		}
		d.sel, d.stage, d.opt = i+1, stageDetail, 0
		if cmd := d.deleteRule(m); cmd != nil || !strings.Contains(d.err, "managed settings") {
			t.Fatalf("deleting a managed rule: err %q, cmd %v", d.err, cmd)
		}
	}
	if after := snapshotFiles(t, l.dir); after != before {
		t.Fatalf("files changed:\n%s", after)
	}
}

// The Workspace tab's add entry adds a directory for the session as
// /add-dir does (relative to the project), refusing one that does not
// exist inline; the conversation reopens with it.
func TestPermsDialogAddsDirectory(t *testing.T) {
	l := newPermsLab(t)
	l.h.typeLine("/permissions")
	l.waitView("[Allow]")
	l.keys(tea.KeyLeft, tea.KeyEnter)
	l.waitView("Add a working directory for this session")
	l.h.tm.Type("missing")
	l.keys(tea.KeyEnter)
	l.h.waitFor("the refusal", func(_, v string) bool { return strings.Contains(v, "✗ add-dir") && strings.Contains(v, "/missing") })
	l.h.key('u', tea.ModCtrl)
	l.h.tm.Type("sub")
	l.keys(tea.KeyEnter)
	l.waitView("✓ Added sub as a working directory for this session")
	l.mu.Lock()
	added := append([]string(nil), l.added...)
	l.mu.Unlock()
	if len(added) != 1 || added[0] != filepath.Join(l.dir, "sub") {
		t.Fatalf("AddDir got %q, want only %s", added, filepath.Join(l.dir, "sub"))
	}
	l.h.waitFor("the reopen", func(string, string) bool { return l.opened() == 2 })
	l.keys(tea.KeyEscape)
	l.h.typeLine("/permissions")
	l.keys(tea.KeyLeft)
	l.waitView("sub                       --add-dir or /add-dir (this session)")
}
