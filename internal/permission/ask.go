package permission

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"corvid/internal/tool"
)

// resolve turns a settled verdict into a Decision, asking the Asker
// when the verdict is ask.
func (e *Engine) resolve(ctx context.Context, req Request, input json.RawMessage, v verdict) Decision {
	if v.level != levelAsk {
		return decision(v)
	}
	if e.cfg.Asker == nil {
		d := decision(v)
		d.Behavior = tool.PermissionDeny
		d.Message = capText(fmt.Sprintf("corvid needs permission to %s, which has not been granted: %s.",
			v.action, v.reason), maxReason)
		d.Reason = capText("nobody to ask: "+v.reason, maxReason)
		return d
	}
	q := Question{ToolName: e.env.tools.canonical(req.Tool.Name()), ToolUseID: req.ToolUseID, Input: input,
		Reason: capText(v.reason, maxReason), BlockedPath: v.blocked}
	for _, s := range v.suggest {
		q.Suggestions = append(q.Suggestions, s.rule)
	}
	ans, err := e.cfg.Asker.Ask(ctx, q)
	if err != nil {
		d := decision(v)
		d.Behavior = tool.PermissionDeny
		d.Message = fmt.Sprintf("Permission to %s could not be asked for: %v", v.action, err)
		d.Reason = fmt.Sprintf("asking failed (%v): %s", err, v.reason)
		return d
	}
	return e.answered(ans, v)
}

// answered applies an Asker's answer.
func (e *Engine) answered(ans Answer, v verdict) Decision {
	d := decision(v)
	switch {
	case ans.Allow:
		d.Behavior, d.Message, d.UpdatedInput = tool.PermissionAllow, "", ans.UpdatedInput
		d.Reason = "allowed once by the user: " + v.reason
		if ans.Always || len(ans.Rules) > 0 {
			d.Reason = "allowed by the user, who chose always: " + v.reason + e.keep(ans, v.suggest)
		}
	default:
		d.Behavior, d.Interrupt = tool.PermissionDeny, ans.Interrupt
		d.Message = ans.Message
		if d.Message == "" {
			d.Message = fmt.Sprintf("The user did not allow this: permission to %s was refused.", v.action)
		}
		d.Reason = "refused by the user: " + v.reason
	}
	d.Reason, d.Message = capText(d.Reason, maxReason), capText(d.Message, maxReason)
	return d
}

// keep adds an answer's rules: the suggestions when it chose always, and
// its own rules at their destination.
func (e *Engine) keep(ans Answer, suggested []suggestion) string {
	var list []suggestion
	if ans.Always {
		list = append(list, suggested...)
	}
	for _, r := range ans.Rules {
		list = append(list, suggestion{rule: r, persist: ans.Destination == DestLocalSettings})
	}
	note := e.remember(list)
	switch ans.Destination {
	case DestProjectSettings, DestUserSettings, DestCLIArg:
		if len(ans.Rules) > 0 {
			note += "; kept for this session only, not saved to " + string(ans.Destination)
		}
	}
	return note
}

// remember adds an "always" answer's rules to the session and saves
// the Bash and WebFetch ones. It returns a note for the reason.
func (e *Engine) remember(list []suggestion) string {
	var added, failed []string
	for _, s := range list {
		r, err := parseRule(RuleSource{Text: s.rule, Source: SourceSession}, tool.PermissionAllow, e.env)
		if err != nil {
			failed = append(failed, fmt.Sprintf("%s (%v)", s.rule, err))
			continue
		}
		e.mu.Lock()
		e.session = append(e.session, r)
		e.mu.Unlock()
		added = append(added, s.rule)
		if s.persist && e.cfg.Persist != nil {
			if err := e.cfg.Persist(s.rule); err != nil {
				failed = append(failed, fmt.Sprintf("saving %s: %v", s.rule, err))
			}
		}
	}
	note := ""
	if len(added) > 0 {
		note = "; added " + strings.Join(added, ", ")
	}
	if len(failed) > 0 {
		note += "; not kept: " + strings.Join(failed, "; ")
	}
	return note
}

// decision turns a verdict into a Decision without asking.
func decision(v verdict) Decision {
	d := Decision{Reason: capText(v.reason, maxReason)}
	if v.rule != nil {
		d.Rule, d.Source = v.rule.Text, v.rule.origin()
	}
	switch v.level {
	case levelAllow:
		d.Behavior = tool.PermissionAllow
	case levelAsk:
		d.Behavior = tool.PermissionAsk
	default:
		d.Behavior = tool.PermissionDeny
		d.Message = capText(fmt.Sprintf("Permission to %s has been denied: %s.", v.action, v.reason), maxReason)
	}
	return d
}
