package hook

import (
	"context"
	"strings"

	"corvid/internal/permission"
)

// PermissionUpdate is Claude Code's PermissionUpdate entry (the addRules
// kind is the one corvid acts on).
type PermissionUpdate struct {
	Type        string     `json:"type"`
	Rules       []RuleItem `json:"rules,omitempty"`
	Behavior    string     `json:"behavior,omitempty"`
	Destination string     `json:"destination,omitempty"`
}

// RuleItem is one rule of a PermissionUpdate: Bash(npm test *) is
// {toolName: Bash, ruleContent: "npm test *"}.
type RuleItem struct {
	ToolName    string `json:"toolName"`
	RuleContent string `json:"ruleContent,omitempty"`
}

func (r RuleItem) String() string {
	if r.RuleContent == "" {
		return r.ToolName
	}
	return r.ToolName + "(" + r.RuleContent + ")"
}

// PermissionRequest runs the PermissionRequest hooks (matched on the tool
// name) when a person or host is about to be asked about a call. A hook
// that decides answers instead of them: a deny from any hook wins (as
// does continue:false, which also ends the turn), else an allow, with
// its replacement input and the allow rules it adds. decided is false
// when no hook decided.
func (s *Set) PermissionRequest(ctx context.Context, q permission.Question) (ans permission.Answer, decided bool) {
	if !s.Has(PermissionRequest) {
		return permission.Answer{}, false
	}
	outs := s.fire(ctx, PermissionRequest, q.ToolName, q.ToolUseID, map[string]any{
		"tool_name": q.ToolName, "tool_input": q.Input, "permission_suggestions": suggestions(q.Suggestions)})
	for _, o := range outs {
		d := o.Specific.Decision
		switch {
		case o.stops():
			return permission.Answer{Message: "Stopped by a PermissionRequest hook: " + o.reason(), Interrupt: true}, true
		case d != nil && d.Behavior == "deny":
			msg := d.Message
			if msg == "" {
				msg = "Denied by a PermissionRequest hook."
			}
			return permission.Answer{Message: capText(msg), Interrupt: d.Interrupt}, true
		case d != nil && d.Behavior == "allow" && !decided:
			if a, err := d.Answer(); err == nil { // a malformed allow decides nothing
				ans, decided = a, true
			}
		}
	}
	return ans, decided
}

// suggestions are the rules an "always" answer would add, as
// PermissionUpdate entries.
func suggestions(rules []string) []PermissionUpdate {
	out := []PermissionUpdate{}
	for _, r := range rules {
		item := RuleItem{ToolName: r}
		if name, content, ok := strings.Cut(r, "("); ok && strings.HasSuffix(content, ")") {
			item = RuleItem{ToolName: name, RuleContent: strings.TrimSuffix(content, ")")}
		}
		out = append(out, PermissionUpdate{Type: "addRules", Rules: []RuleItem{item}, Behavior: "allow",
			Destination: string(permission.DestLocalSettings)})
	}
	return out
}

// Notification runs the Notification hooks (matched on the type:
// permission_prompt, idle_prompt, …). Their answers change nothing.
func (s *Set) Notification(ctx context.Context, kind, message, title string) {
	if !s.Has(Notification) {
		return
	}
	fields := map[string]any{"notification_type": kind, "message": message}
	if title != "" {
		fields["title"] = title
	}
	s.fire(ctx, Notification, kind, "", fields)
}
