package tui

import (
	"os"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// While a turn runs or the conversation reopens after the last edit,
// saving and deleting are refused and nothing is written.
func TestPermsDialogRefusesWhileNotIdle(t *testing.T) {
	l := newPermsLab(t)
	before := snapshotFiles(t, l.dir)
	m := newModel(t.Context(), Options{Cwd: l.dir, ConfigDir: l.path("user")}, newBridge())
	conv, _ := l.open(t, &fakeConv{})
	for _, tc := range []struct {
		busy bool
		conv Backend
		want error
	}{{true, conv, ErrBusy}, {false, nil, ErrReopening}} {
		m.busy, m.conv = tc.busy, tc.conv
		add := &permsDialog{stage: stageDest, input: "Bash(rm *)", tab: 2}
		if cmd := add.saveRule(m); cmd != nil || !strings.Contains(add.err, tc.want.Error()) {
			t.Errorf("save: err %q, want %v", add.err, tc.want)
		}
		del := &permsDialog{rules: conv.(RuleEditor).PermissionRules(), stage: stageDetail, sel: 1}
		if cmd := del.deleteRule(m); cmd != nil || !strings.Contains(del.err, tc.want.Error()) {
			t.Errorf("delete %+v: err %q, want %v", del.current(), del.err, tc.want)
		}
	}
	if after := snapshotFiles(t, l.dir); after != before {
		t.Fatalf("files changed:\n%s", after)
	}
}

// A pasted rule lands in the input as one line.
func TestPermsDialogTakesPaste(t *testing.T) {
	l := newPermsLab(t)
	l.h.typeLine("/permissions")
	l.waitView("[Allow]")
	l.keys(tea.KeyEnter)
	l.h.tm.Send(tea.PasteMsg{Content: "Bash(npm run\nlint)"})
	l.waitView("> Bash(npm run lint)█")
}

// Typing in a list narrows it to the entries holding the text, across
// tabs; enter opens the match; esc clears the search, then closes.
func TestPermsDialogSearch(t *testing.T) {
	l := newPermsLab(t)
	l.h.typeLine("/permissions")
	l.waitView("[Allow]")
	l.h.tm.Type("BASH")
	l.waitView("⌕ BASH█")
	if v := l.view(); strings.Contains(v, "Read ") || !strings.Contains(v, "Bash(go test *)") || !strings.Contains(v, "Bash(make *)") {
		t.Fatalf("allow tab filtered by BASH:\n%s", v)
	}
	l.keys(tea.KeyLeft, tea.KeyLeft) // Deny
	l.waitView("[Deny]")
	l.h.tm.Type("(c")
	l.waitView("⌕ BASH(c█")
	goldenView(t, l, "deny")
	l.keys(tea.KeyDown, tea.KeyEnter)
	l.waitView("Delete deny rule?\n  Bash(curl *)")
	l.keys(tea.KeyEscape)
	l.h.tm.Type("z")
	l.waitView(`No entry holds "BASH(cz"`)
	l.keys(tea.KeyBackspace)
	l.waitView("⌕ BASH(c█")
	l.keys(tea.KeyEscape)
	l.h.waitFor("the search cleared", func(_, v string) bool { return !strings.Contains(v, "⌕") && strings.Contains(v, "Bash(sudo *)") })
	l.keys(tea.KeyEscape)
	l.h.waitFor("the dialog closed", func(_, v string) bool { return !strings.Contains(v, "Permissions") })
}

// At 60 columns every line of the dialog fits, in each stage.
func TestPermsDialogAt60Columns(t *testing.T) {
	l := newPermsLabAt(t, 60)
	fits := func(stage string) {
		t.Helper()
		for _, line := range strings.Split(l.h.currentView(), "\n") {
			if w := ansi.StringWidth(line); w > 60 {
				t.Errorf("%s: a line of %d columns:\n%s", stage, w, line)
			}
		}
	}
	l.h.typeLine("/permissions")
	l.waitView("[Allow]")
	fits("allow")
	goldenView(t, l, "allow")
	l.keys(tea.KeyDown, tea.KeyEnter)
	l.waitView("Delete allow rule?")
	fits("details")
	l.keys(tea.KeyEscape, tea.KeyUp, tea.KeyEnter)
	l.h.tm.Type("WebFetch(domain:a-rather-long-host-name.example.com)")
	l.keys(tea.KeyEnter)
	l.waitView("be saved?")
	fits("destination")
	goldenView(t, l, "destination")
}

// A rule the engine lists in another form (WebFetch(*) is WebFetch) is
// deleted as its file wrote it.
func TestPermsDialogDeletesAsWritten(t *testing.T) {
	l := newPermsLab(t)
	user := l.path("user/settings.json")
	if err := os.WriteFile(user, []byte(`{"permissions": {"ask": ["WebFetch(*)", "Bash(go test *)"]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	conv, _ := l.open(t, &fakeConv{})
	m := newModel(t.Context(), Options{Cwd: l.dir, ConfigDir: l.path("user")}, newBridge())
	m.conv = conv
	d := &permsDialog{rules: conv.(RuleEditor).PermissionRules(), tab: 1}
	for i, r := range d.tabRules() {
		if r.Text == "WebFetch" {
			d.sel, d.stage = i+1, stageDetail
		}
	}
	if d.sel == 0 {
		t.Fatalf("no WebFetch rule listed: %+v", d.tabRules())
	}
	if d.deleteRule(m) == nil {
		t.Fatalf("not deleted: %s", d.err)
	}
	if data, _ := os.ReadFile(user); strings.Contains(string(data), "WebFetch") || !strings.Contains(string(data), "go test") {
		t.Fatalf("user settings:\n%s", data)
	}
}
