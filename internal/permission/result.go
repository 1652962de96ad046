package permission

import (
	"encoding/json"
	"errors"
	"fmt"
)

// ErrBadResult marks a PermissionResult that cannot be used; it refuses
// the call.
var ErrBadResult = errors.New("not a usable permission result")

// Result is Claude Code's PermissionResult, the answer of an SDK host's
// canUseTool, of a --permission-prompt-tool MCP tool and of a
// PermissionRequest hook's decision:
// {"behavior":"allow","updatedInput":{…},"updatedPermissions":[…]} or
// {"behavior":"deny","message":"…","interrupt":true}.
type Result struct {
	Behavior           string             `json:"behavior"`
	UpdatedInput       json.RawMessage    `json:"updatedInput"`
	UpdatedPermissions []permissionUpdate `json:"updatedPermissions"`
	Message            string             `json:"message"`
	Interrupt          bool               `json:"interrupt"`
}

// permissionUpdate is one of updatedPermissions; only addRules with
// behavior allow is honoured.
type permissionUpdate struct {
	Type  string `json:"type"`
	Rules []struct {
		ToolName    string  `json:"toolName"`
		RuleContent *string `json:"ruleContent"`
	} `json:"rules"`
	Behavior    string `json:"behavior"`
	Destination string `json:"destination"`
}

// DecodeResult reads a PermissionResult. Anything but a well-formed
// allow or deny is an error (ErrBadResult), which the caller treats as a
// refusal.
func DecodeResult(data []byte) (Answer, error) {
	var r Result
	if err := json.Unmarshal(data, &r); err != nil {
		return Answer{}, fmt.Errorf("%w: %v", ErrBadResult, err)
	}
	return r.Answer()
}

// Answer is what r decides: an allow (with its replacement input and the
// allow rules it adds) or a deny; anything else is ErrBadResult.
func (r Result) Answer() (Answer, error) {
	switch r.Behavior {
	case "allow":
		ans := Answer{Allow: true}
		if len(r.UpdatedInput) > 0 && string(r.UpdatedInput) != "null" {
			var obj map[string]json.RawMessage
			if err := json.Unmarshal(r.UpdatedInput, &obj); err != nil {
				return Answer{}, fmt.Errorf("%w: updatedInput is not an object: %v", ErrBadResult, err)
			}
			ans.UpdatedInput = r.UpdatedInput
		}
		for _, u := range r.UpdatedPermissions {
			if u.Type != "addRules" || u.Behavior != "allow" {
				continue // only added allow rules are honoured
			}
			for _, rv := range u.Rules {
				rule := rv.ToolName
				if rv.RuleContent != nil {
					rule += "(" + *rv.RuleContent + ")"
				}
				ans.Rules = append(ans.Rules, rule)
			}
			if u.Destination != "" {
				ans.Destination = Destination(u.Destination)
			}
		}
		return ans, nil
	case "deny":
		return Answer{Message: r.Message, Interrupt: r.Interrupt}, nil
	}
	return Answer{}, fmt.Errorf("%w: behavior %q (want allow or deny)", ErrBadResult, r.Behavior)
}
