package app

import (
	"corvid/internal/permission"
	"corvid/internal/tool"
)

// PermissionRules lists the rules the conversation's permission engine
// judges by, with the layer and file each came from (the interface's
// /permissions).
func (c *Conversation) PermissionRules() []permission.RuleInfo { return c.s.gate.Rules() }

// CheckRule says why rule is not a valid rule of kind (allow, ask or
// deny) for this conversation's tools; nil when it is.
func (c *Conversation) CheckRule(kind, rule string) error {
	return c.s.gate.CheckRule(rule, tool.PermissionBehavior(kind))
}
