package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/permission"
)

// The /permissions dialog: tabs Allow, Ask, Deny and Workspace, each a
// list headed by an "add" entry. Enter on a rule shows where it comes
// from and offers to delete it; the add entry asks for the rule, checks
// it as /permissions add does, then asks which settings file takes it.
// Esc goes back one level. Edits reopen the conversation (reload), so
// the next tool call is judged by the files as they now are.

// permsStage is where in the dialog the user is.
type permsStage int

const (
	stageList   permsStage = iota // a tab's list
	stageDetail                   // one rule's or directory's details; "delete it?"
	stageInput                    // typing a new rule or directory
	stageDest                     // where to save the new rule
)

// permsTabs are the dialog's tabs; the first three are rule kinds.
var permsTabs = []string{"Allow", "Ask", "Deny", "Workspace"}

const tabWorkspace = 3

// maxRuleInput caps what the add entry's input holds.
const maxRuleInput = 4096

// keyedDialog is a dialog that reads the keys itself (dialog.go hands
// them over) instead of being a list of options.
type keyedDialog interface {
	key(m *model, k tea.KeyPressMsg) tea.Cmd
}

// paster is a dialog with a text input that takes pastes.
type paster interface{ paste(text string) }

// permsDialog is the /permissions dialog. rules and dirs are what was in
// effect when it opened, patched by the edits made in it since.
type permsDialog struct {
	rules []permission.RuleInfo
	dirs  []permission.DirInfo
	tab   int
	sel   int // in the tab's list; 0 is the add entry
	stage permsStage
	opt   int // the option selected in the detail, confirm or destination stage
	input string
	// filter narrows the lists to entries holding it (typed in the list).
	filter string
	// err is the last refusal (shown in red); note the last edit made.
	err, note string
}

func (d *permsDialog) kind() string { return strings.ToLower(permsTabs[d.tab]) }

// tabRules are the current tab's rules that match the filter, as shown.
func (d *permsDialog) tabRules() []permission.RuleInfo {
	var out []permission.RuleInfo
	for _, r := range d.rules {
		if string(r.Behavior) == d.kind() && d.matches(r.Text) {
			out = append(out, r)
		}
	}
	return out
}

// tabDirs are the working directories that match the filter.
func (d *permsDialog) tabDirs() []permission.DirInfo {
	var out []permission.DirInfo
	for _, dir := range d.dirs {
		if d.matches(dir.Path) {
			out = append(out, dir)
		}
	}
	return out
}

func (d *permsDialog) matches(s string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(d.filter))
}

// count is the number of entries in the current tab, the add entry
// included.
func (d *permsDialog) count() int {
	if d.tab == tabWorkspace {
		return len(d.tabDirs()) + 1
	}
	return len(d.tabRules()) + 1
}

// options are the choices of the option stages.
func (d *permsDialog) options() []string {
	switch d.stage {
	case stageDetail:
		if d.canDelete() {
			return []string{"Yes, delete", "No, cancel (esc)"}
		}
		return []string{"Back (esc)"}
	case stageDest:
		return []string{"Project settings (local)", "Project settings", "User settings"}
	}
	return nil
}

func (d *permsDialog) cursor() *int { return &d.opt }

// canDelete reports whether the selected entry is a rule the dialog may
// delete.
func (d *permsDialog) canDelete() bool {
	return d.tab != tabWorkspace && d.sel > 0 && deletable(d.current()) == ""
}

// choose is the generic dialog's enter; keys come through key instead.
func (d *permsDialog) choose(m *model, _ int) tea.Cmd { return d.enter(m) }

// current is the selected rule (the zero RuleInfo on the add entry or
// the Workspace tab).
func (d *permsDialog) current() permission.RuleInfo {
	rs := d.tabRules()
	if d.tab == tabWorkspace || d.sel < 1 || d.sel > len(rs) {
		return permission.RuleInfo{}
	}
	return rs[d.sel-1]
}

// closePerms closes the dialog and shows a permission question that
// waited behind it.
func (m *model) closePerms() tea.Cmd {
	m.dialog = nil
	if len(m.asks) > 0 {
		m.dialog = newPermissionDialog(m.asks[0])
		m.asks = m.asks[1:]
	}
	return nil
}
