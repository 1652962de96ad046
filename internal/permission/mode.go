package permission

import (
	"fmt"

	"corvid/internal/tool"
)

// applyToolCheck folds in the tool's own verdict (its deny was handled
// before the rules): an ask adds a prompt the mode decides; an allow
// says the tool needs no prompt, which settles a mode prompt but not a
// rule, a protected path or a critical removal.
func applyToolCheck(v verdict, tc tool.PermissionResult) verdict {
	switch tc.Behavior {
	case tool.PermissionAsk:
		msg := tc.Message
		if msg == "" {
			msg = "the tool asks for approval of this input"
		}
		ask := askV(askMode, msg)
		ask.action, ask.writes = v.action, v.writes
		return combine([]verdict{v, ask})
	case tool.PermissionAllow:
		if v.level == levelAsk && v.class == askMode && !v.opaque {
			v.level = levelAllow
			v.reason = "the tool needs no approval for this input (" + v.reason + ")"
			v.suggest = nil
		}
	}
	return v
}

// applyHook folds in a PreToolUse hook's verdict (its deny was handled
// before the rules): an allow skips the mode's prompt but not deny or
// ask rules, protected paths or critical removals; an ask makes a
// person answer.
func applyHook(v verdict, hook tool.PermissionBehavior) verdict {
	switch hook {
	case tool.PermissionAllow:
		if v.level == levelAsk && v.class == askMode {
			v.level = levelAllow
			v.reason = "a PreToolUse hook allowed it (" + v.reason + ")"
			v.suggest = nil
		}
	case tool.PermissionAsk:
		if v.level == levelAllow {
			ask := askV(askRule, "a PreToolUse hook asked for approval")
			ask.action, ask.writes = v.action, v.writes
			return ask
		}
	}
	return v
}

// settle applies the mode to a verdict.
func (e *Engine) settle(v verdict, mode Mode) verdict {
	switch {
	case v.level == levelDeny:
		return v
	case mode == ModePlan && v.writes:
		v.level, v.class = levelDeny, askMode
		v.reason = "plan mode allows only read-only actions (" + v.reason + ")"
		return v
	case v.level == levelAllow:
		return v
	}
	switch mode {
	case ModeBypass:
		return e.bypass(v)
	case ModeDontAsk:
		v.level = levelDeny
		v.reason = "dontAsk mode denies what was not allowed in advance (" + v.reason + ")"
	}
	return v
}

// bypass settles an ask in bypassPermissions: prompts the mode would
// show and protected paths are allowed; ask rules, critical removals
// and questions for a person still ask, and so does a command that
// could not be cleared of the Bash deny and ask rules.
func (e *Engine) bypass(v verdict) verdict {
	if v.class != askMode && v.class != askProtected {
		return v
	}
	if v.opaque && e.bashChecks {
		v.reason += "; bypassPermissions cannot skip it because deny or ask rules could not be checked"
		return v
	}
	v.level = levelAllow
	v.reason = "bypassPermissions mode (" + v.reason + ")"
	v.suggest = nil
	return v
}

// action describes the call for messages.
func (c *call) action() string {
	switch c.kind {
	case tool.KindRead, tool.KindEdit:
		verb := "read"
		if c.kind == tool.KindEdit {
			verb = "write to"
		}
		if p, err := c.toolPath(); err == nil {
			return verb + " " + p.link
		}
	case tool.KindFetch:
		if host, err := urlHost(c.subjects()[0]); err == nil {
			return "fetch from " + host
		}
	}
	return fmt.Sprintf("use %s", c.name)
}
