package app

import (
	"fmt"
	"strings"

	"corvid/internal/permission"
	"corvid/internal/tool"
)

// explainWholeTool answers `corvid permissions check Bash` — a bare name
// of a tool whose calls are judged by an argument (a command, a path, a
// URL). Such a query is about the whole tool, as a bare rule is, not about
// a call with an empty argument. The answer is allow or deny only when a
// rule or the mode covers every call; otherwise it is ask, the answer that
// promises nothing, and the reason says that each call is decided by its
// argument.
func explainWholeTool(cfg permission.Config, name string) permission.Decision {
	if r, ok := wholeToolRule(cfg.Deny, name); ok {
		return wholeTool(tool.PermissionDeny, "the whole %s tool is denied by the rule %s", name, r)
	}
	if r, ok := wholeToolRule(cfg.Ask, name); ok {
		return wholeTool(tool.PermissionAsk, "every %s call asks first, by the rule %s", name, r)
	}
	field, _ := subjectField(cfg.Tools, name)
	noun := map[string]string{"command": "commands", "url": "URLs"}[field]
	if noun == "" {
		noun = "paths"
	}
	per := fmt.Sprintf("deny and ask rules for particular %s still apply to the calls they match", noun)
	switch {
	case cfg.Mode == permission.ModeBypass && !cfg.BypassDisabled:
		return wholeTool(tool.PermissionAllow, "the whole %s tool is allowed by the mode bypassPermissions; %s", name, per)
	}
	if r, ok := wholeToolRule(cfg.Allow, name); ok {
		return wholeTool(tool.PermissionAllow, "the whole %s tool is allowed by the rule %s; %s", name, r, per)
	}
	return wholeTool(tool.PermissionAsk, "no rule covers the whole %s tool: each call is decided by its %s "+
		"(check one with '%s(%s)')", name, field, name, field)
}

func wholeTool(b tool.PermissionBehavior, format string, a ...any) permission.Decision {
	return permission.Decision{Behavior: b, Reason: fmt.Sprintf(format, a...)}
}

// wholeToolRule finds a rule of list that names the whole tool: "Tool",
// "Tool(*)" or "*".
func wholeToolRule(list []permission.RuleSource, name string) (string, bool) {
	for _, r := range list {
		text := strings.TrimSpace(r.Text)
		if text == name || text == name+"(*)" || text == "*" {
			return fmt.Sprintf("%q (%s)", text, r.Source), true
		}
	}
	return "", false
}
