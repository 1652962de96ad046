package permission

import (
	"fmt"

	"corvid/internal/tool"
)

// RuleInfo is one rule in effect, for an interface's /permissions.
type RuleInfo struct {
	// Behavior is allow, ask or deny.
	Behavior tool.PermissionBehavior
	// Text is the rule with its tool name made canonical; Written is
	// the rule as its source wrote it (what an edit of the file names).
	Text, Written string
	// Source names the layer (managed, flag, local, project, user, cli
	// or session); File is its settings file ("" for cli and session).
	Source, File string
}

// Rules lists the rules the engine judges by: deny, then ask, then
// allow (settings and command line), then the allow rules "always"
// answers added this session. Invalid rules, which New left out, are
// not listed.
func (e *Engine) Rules() []RuleInfo {
	info := func(r *Rule) RuleInfo {
		return RuleInfo{Behavior: r.Behavior, Text: r.Text, Written: r.Source.Text, Source: r.Source.Source, File: r.Source.File}
	}
	out := make([]RuleInfo, 0, len(e.deny)+len(e.ask)+len(e.allow))
	for _, list := range [][]*Rule{e.deny, e.ask, e.allow} {
		for _, r := range list {
			out = append(out, info(r))
		}
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	for _, r := range e.session {
		out = append(out, info(r))
	}
	return out
}

// CheckRule compiles text as a rule of behavior b, the way New would
// for a settings file, and returns why it is invalid (nil when valid).
func (e *Engine) CheckRule(text string, b tool.PermissionBehavior) error {
	switch b {
	case tool.PermissionAllow, tool.PermissionAsk, tool.PermissionDeny:
	default:
		return fmt.Errorf("unknown rule kind %q (want allow, ask or deny)", b)
	}
	_, err := parseRule(RuleSource{Text: text, Source: SourceLocal}, b, e.env)
	return err
}
