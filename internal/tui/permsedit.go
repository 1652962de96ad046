package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/config"
	"corvid/internal/permission"
	"corvid/internal/tool"
)

// permsDests are the settings files the dialog saves a rule to, in the
// order its destination options list them.
var permsDests = []string{"local", "project", "user"}

// openPerms opens the /permissions dialog on what is in effect now.
func (m *model) openPerms(ed RuleEditor) tea.Cmd {
	d := &permsDialog{rules: ed.PermissionRules()}
	if w, ok := m.conv.(WorkspaceLister); ok {
		d.dirs = w.WorkspaceDirs()
	} else {
		d.dirs = []permission.DirInfo{{Path: m.o.Cwd, Source: permission.SourceCwd}}
	}
	m.dialog = d
	return nil
}

// WorkspaceLister is a conversation that lists its working directories
// with their origin (app.Conversation does).
type WorkspaceLister interface {
	WorkspaceDirs() []permission.DirInfo
}

// deletable says why rule r cannot be deleted from the dialog ("" when
// it can): only rules read from a file of the local, project or user
// layer are the user's to edit.
func deletable(r permission.RuleInfo) string {
	switch r.Source {
	case permission.SourceLocal, permission.SourceProject, permission.SourceUser:
		if r.File != "" {
			return ""
		}
	case permission.SourceManaged:
		return "It comes from managed settings, which only an administrator can change."
	case permission.SourceFlag:
		return "It comes from the --settings option; start corvid without that rule to drop it."
	case permission.SourceCLI:
		return "It comes from --allowedTools or --disallowedTools on the command line; it lasts for this session."
	case permission.SourceSession:
		return "It was granted by an answer in this session, not read from a settings file; there is no file to delete it from."
	}
	return "It was not read from a settings file you can edit."
}

// editable says why the dialog may not edit settings now: a turn runs,
// or the conversation is reopening after the last edit.
func (m *model) editable() error {
	switch {
	case m.busy:
		return ErrBusy
	case m.conv == nil:
		return ErrReopening
	}
	return nil
}

// deleteRule removes the selected rule from its file and reopens the
// conversation so that it no longer applies.
func (d *permsDialog) deleteRule(m *model) tea.Cmd {
	r := d.current()
	d.stage, d.opt = stageDetail, 1
	if why := deletable(r); why != "" {
		d.err = why
		return nil
	}
	if err := m.editable(); err != nil {
		d.err = err.Error()
		return nil
	}
	written := r.Written
	if written == "" {
		written = r.Text
	}
	if err := config.RemoveRule(r.File, string(r.Behavior), written); err != nil {
		d.err = err.Error() + " · nothing was written"
		return nil
	}
	kept := d.rules[:0:0] // RemoveRule drops every copy in the file
	for _, o := range d.rules {
		if o.File != r.File || o.Behavior != r.Behavior || o.Written != r.Written {
			kept = append(kept, o)
		}
	}
	d.rules = kept
	d.stage, d.sel = stageList, min(d.sel, d.count()-1)
	d.note = fmt.Sprintf("Deleted %s rule %s from %s", r.Behavior, r.Text, shownPath(m.o.Cwd, r.File))
	return tea.Sequence(m.println(styleDim.Render("  ⎿ "+d.note)), m.reload())
}

// checkRule checks the typed rule as /permissions add does and, when it
// is valid, asks where to save it.
func (d *permsDialog) checkRule(m *model) tea.Cmd {
	rule := strings.TrimSpace(d.input)
	ed, ok := m.conv.(RuleEditor)
	switch {
	case rule == "":
		d.err = ErrNoRule.Error()
	case m.conv == nil:
		d.err = ErrReopening.Error()
	case !ok:
		d.err = "The conversation cannot check permission rules"
	default:
		if err := ed.CheckRule(d.kind(), rule); err != nil {
			d.err = err.Error()
			return nil
		}
		d.stage, d.opt, d.err = stageDest, 0, ""
	}
	return nil
}

// saveRule writes the checked rule to the chosen file and reopens the
// conversation so that it applies.
func (d *permsDialog) saveRule(m *model) tea.Cmd {
	rule, kind := strings.TrimSpace(d.input), d.kind()
	path, err := m.ruleFile(permsDests[d.opt])
	if err == nil {
		err = m.editable()
	}
	if ed, ok := m.conv.(RuleEditor); err == nil && ok { // checked again: the conversation may have changed
		err = ed.CheckRule(kind, rule)
	}
	if err == nil {
		err = config.AddRule(path, kind, rule)
	}
	if err != nil {
		d.err = err.Error() + " · nothing was written"
		return nil
	}
	added := permission.RuleInfo{Behavior: tool.PermissionBehavior(kind), Text: rule, Written: rule,
		Source: permsDests[d.opt], File: path}
	d.note = fmt.Sprintf("Added %s rule %s to %s", kind, rule, shownPath(m.o.Cwd, path))
	d.stage, d.opt, d.input, d.filter = stageList, 0, "", ""
	d.sel = d.count()
	for _, r := range d.rules {
		if r.File == path && r.Written == rule && string(r.Behavior) == kind {
			d.note, d.sel = fmt.Sprintf("%s rule %s was already in %s", kind, rule, shownPath(m.o.Cwd, path)), 0
			return nil
		}
	}
	d.rules = append(d.rules, added)
	return tea.Sequence(m.println(styleDim.Render("  ⎿ "+d.note)), m.reload())
}

// addDir adds the typed directory for the session, as /add-dir does.
func (d *permsDialog) addDir(m *model) tea.Cmd {
	arg := strings.TrimSpace(d.input)
	err := m.editable()
	switch {
	case arg == "":
		err = ErrNoDir
	case m.o.AddDir == nil:
		err = ErrNoAddDir
	case err == nil:
		dir := absDir(m.o.Cwd, arg)
		if err = m.o.AddDir(dir); err == nil {
			added := permission.DirInfo{Path: dir, Source: permission.SourceCLI}
			d.dirs, d.filter = append(d.dirs, added), ""
			d.note = "Added " + dirShown(added, m.o.Cwd) + " as a working directory for this session"
			d.stage, d.input, d.sel = stageList, "", d.count()-1
			return tea.Sequence(m.println(styleDim.Render("  ⎿ "+d.note)), m.reload())
		}
	}
	d.err = err.Error()
	return nil
}
