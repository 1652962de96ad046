package host

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"corvid/internal/permission"
)

// canUseTool is the can_use_tool request.
type canUseTool struct {
	Subtype        string             `json:"subtype"`
	ToolName       string             `json:"tool_name"`
	Input          json.RawMessage    `json:"input"`
	ToolUseID      string             `json:"tool_use_id"`
	Suggestions    []permissionUpdate `json:"permission_suggestions,omitempty"`
	DecisionReason string             `json:"decision_reason,omitempty"`
	BlockedPath    string             `json:"blocked_path,omitempty"`
}

// permissionUpdate is Claude Code's PermissionUpdate (the addRules form).
type permissionUpdate struct {
	Type        string      `json:"type"`
	Rules       []ruleValue `json:"rules,omitempty"`
	Behavior    string      `json:"behavior,omitempty"`
	Destination string      `json:"destination,omitempty"`
}

// ruleValue is one rule: Bash(npm test *) is {toolName: Bash,
// ruleContent: "npm test *"}.
type ruleValue struct {
	ToolName    string  `json:"toolName"`
	RuleContent *string `json:"ruleContent,omitempty"`
}

// asker asks the host about calls that need approval
// (--permission-prompt-tool stdio).
type asker struct {
	box *outbox
	// state reports requires_action while the host decides.
	state func(string)
}

// Ask sends can_use_tool and reads the answer. Anything but a well-formed
// allow is a refusal.
func (a asker) Ask(ctx context.Context, q permission.Question) (permission.Answer, error) {
	req := canUseTool{Subtype: "can_use_tool", ToolName: q.ToolName, Input: q.Input, ToolUseID: q.ToolUseID,
		DecisionReason: q.Reason, BlockedPath: q.BlockedPath}
	if len(q.Suggestions) > 0 {
		req.Suggestions = []permissionUpdate{{Type: "addRules", Rules: rulesOf(q.Suggestions),
			Behavior: "allow", Destination: string(permission.DestLocalSettings)}}
	}
	if a.state != nil {
		a.state(stateRequiresAction)
		defer a.state(stateRunning)
	}
	body, err := a.box.request(ctx, req)
	if err != nil {
		return permission.Answer{}, err
	}
	ans, err := permission.DecodeResult(body)
	if err != nil {
		return permission.Answer{}, fmt.Errorf("host: can_use_tool answer: %w", err)
	}
	return ans, nil
}

// rulesOf splits rules as written into PermissionUpdate rule values.
func rulesOf(rules []string) []ruleValue {
	out := make([]ruleValue, 0, len(rules))
	for _, r := range rules {
		name, content, ok := strings.Cut(r, "(")
		if !ok || !strings.HasSuffix(content, ")") {
			out = append(out, ruleValue{ToolName: r})
			continue
		}
		c := strings.TrimSuffix(content, ")")
		out = append(out, ruleValue{ToolName: name, RuleContent: &c})
	}
	return out
}

// hookCallback is the hook_callback request.
type hookCallback struct {
	Subtype    string          `json:"subtype"`
	CallbackID string          `json:"callback_id"`
	Input      json.RawMessage `json:"input"`
	ToolUseID  string          `json:"tool_use_id,omitempty"`
}

// hookRunner runs the hooks the host registered, as hook_callback
// requests.
type hookRunner struct{ box *outbox }

// RunHook sends hook_callback and returns the host's hook output.
func (h hookRunner) RunHook(ctx context.Context, id, toolUseID string, input json.RawMessage) (json.RawMessage, error) {
	return h.box.request(ctx, hookCallback{Subtype: "hook_callback", CallbackID: id, Input: input, ToolUseID: toolUseID})
}
