package tui

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"corvid/internal/config"
	"corvid/internal/permission"
)

// RuleEditor is what a conversation offers /permissions: the rules in
// effect and a check of a new rule's syntax (app.Conversation has both).
type RuleEditor interface {
	PermissionRules() []permission.RuleInfo
	CheckRule(kind, rule string) error
}

const permissionsUsage = "/permissions [list] · /permissions add|remove <allow|ask|deny> [local|project|user] <rule>"

// cmdPermissions opens the dialog of the rules in effect, lists them
// (list), or adds or removes one in a settings file and reopens the
// conversation so that it applies.
func (m *model) cmdPermissions(arg string) tea.Cmd {
	ed, ok := m.conv.(RuleEditor)
	if !ok {
		return m.println(m.errorLine("The conversation cannot report its permission rules"))
	}
	switch arg {
	case "":
		if m.busy {
			return m.println(m.errorLine("Wait for the turn to end (or press esc) before editing the rules"))
		}
		return m.openPerms(ed)
	case "list":
		return m.println(rulesTable(ed.PermissionRules(), m.o.Cwd, m.width))
	}
	verb, rest, _ := strings.Cut(arg, " ")
	if verb != "add" && verb != "remove" {
		return m.println(m.errorLine("Usage: " + permissionsUsage))
	}
	kind, dest, rule, err := m.parseRuleEdit(strings.TrimSpace(rest))
	if err == nil && verb == "add" {
		err = ed.CheckRule(kind, rule)
	}
	if err == nil && m.busy {
		err = ErrBusy
	}
	if err != nil {
		return m.println(m.errorLine(fmt.Sprintf("%s %s rule: %v · nothing was written", verb, kind, err)))
	}
	edit, done := config.AddRule, "Added"
	if verb == "remove" {
		edit, done = config.RemoveRule, "Removed"
	}
	if err := edit(dest, kind, rule); err != nil {
		return m.println(m.errorLine(err.Error()))
	}
	note := styleDim.Render(fmt.Sprintf("  ⎿ %s %s rule %s in %s", done, kind, rule, shownPath(m.o.Cwd, dest)))
	return tea.Sequence(m.println(note), m.reload())
}

// parseRuleEdit splits "<kind> [destination] <rule>" and resolves the
// destination (local settings when none is named) to its file.
func (m *model) parseRuleEdit(s string) (kind, path, rule string, err error) {
	kind, rest, _ := strings.Cut(s, " ")
	if kind != "allow" && kind != "ask" && kind != "deny" {
		return kind, "", "", fmt.Errorf("%w %q (want allow, ask or deny; %s)", ErrRuleKind, kind, permissionsUsage)
	}
	rest = strings.TrimSpace(rest)
	dest := "local"
	if first, after, _ := strings.Cut(rest, " "); ruleDestination(first) != "" {
		dest, rest = ruleDestination(first), strings.TrimSpace(after)
	}
	if rest == "" {
		return kind, "", "", ErrNoRule
	}
	path, err = m.ruleFile(dest)
	return kind, path, rest, err
}

// ruleFile is the settings file of a destination: local, project or
// user.
func (m *model) ruleFile(dest string) (string, error) {
	switch dest {
	case "local":
		return config.LocalSettingsPath(m.o.Cwd), nil
	case "project":
		return filepath.Join(m.o.Cwd, ".claude", "settings.json"), nil
	case "user":
		if m.o.ConfigDir == "" {
			return "", errors.New("no user settings directory")
		}
		return filepath.Join(m.o.ConfigDir, "settings.json"), nil
	}
	return "", fmt.Errorf("unknown settings destination %q (want local, project or user)", dest)
}

// ruleDestination maps local, project and user (or Claude Code's
// localSettings, projectSettings and userSettings) to the short name.
func ruleDestination(s string) string {
	switch s {
	case "local", "localSettings":
		return "local"
	case "project", "projectSettings":
		return "project"
	case "user", "userSettings":
		return "user"
	}
	return ""
}

// reload reopens the conversation on the same session, so that settings
// just written take effect; the session's cost carries over. A session
// with nothing said yet has no transcript to resume: a new one opens.
func (m *model) reload() tea.Cmd {
	id, cost, ctx := m.sessionID(), m.costUSD, m.ctxTokens
	if m.conv == nil || len(m.conv.Messages()) == 0 {
		id = "-"
	}
	cmd := m.reopen(id)
	m.costUSD, m.ctxTokens = cost, ctx
	m.reloading = m.conv == nil // reopened: what is on screen stays, nothing is printed again
	return cmd
}

// rulesTable lists rules deny first, one a line with its origin.
func rulesTable(rules []permission.RuleInfo, cwd string, width int) string {
	if len(rules) == 0 {
		return styleDim.Render("  No permission rules · " + permissionsUsage)
	}
	w := 0
	for _, r := range rules {
		w = max(w, ansi.StringWidth(r.Text))
	}
	w = min(w, max(16, width/2))
	var b strings.Builder
	b.WriteString(styleBold.Render(fmt.Sprintf("  %d permission rule(s) in effect (deny beats ask beats allow)", len(rules))) + "\n")
	for _, r := range rules {
		line := fmt.Sprintf("  %-5s  %s  %s", r.Behavior, pad(ansi.Truncate(r.Text, w, "…"), w), ruleOrigin(r, cwd))
		if width > 0 {
			line = ansi.Truncate(line, width, "…")
		}
		b.WriteString(line + "\n")
	}
	b.WriteString(styleDim.Render("  " + permissionsUsage))
	return b.String()
}

// ruleOrigin says where a rule came from.
func ruleOrigin(r permission.RuleInfo, cwd string) string {
	switch {
	case r.File != "":
		return shownPath(cwd, r.File) + " (" + r.Source + ")"
	case r.Source == permission.SourceCLI:
		return "command line"
	case r.Source == permission.SourceSession:
		return "this session"
	}
	return r.Source
}

// shownPath is path relative to cwd when inside it.
func shownPath(cwd, path string) string {
	if rel, err := filepath.Rel(cwd, path); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
		return rel
	}
	return path
}
