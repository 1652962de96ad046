package hook

import (
	"encoding/json"
	"fmt"

	"corvid/internal/permission"
)

// Output is a hook's JSON answer (the fields corvid acts on).
type Output struct {
	// Continue false stops the turn; nil means true.
	Continue      *bool  `json:"continue,omitempty"`
	StopReason    string `json:"stopReason,omitempty"`
	SystemMessage string `json:"systemMessage,omitempty"`
	// Decision is "block" (or the deprecated "approve" on PreToolUse).
	Decision string   `json:"decision,omitempty"`
	Reason   string   `json:"reason,omitempty"`
	Specific Specific `json:"hookSpecificOutput"`
}

// Specific is hookSpecificOutput.
type Specific struct {
	HookEventName            string             `json:"hookEventName,omitempty"`
	PermissionDecision       string             `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string             `json:"permissionDecisionReason,omitempty"`
	UpdatedInput             json.RawMessage    `json:"updatedInput,omitempty"`
	AdditionalContext        string             `json:"additionalContext,omitempty"`
	Decision                 *permission.Result `json:"decision,omitempty"` // PermissionRequest (permreq.go)
}

// Parse reads a hook's output. An empty output is an empty decision.
func Parse(data json.RawMessage) (Output, error) {
	var out Output
	if len(data) == 0 || string(data) == "null" {
		return out, nil
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return Output{}, fmt.Errorf("%w: %v", ErrBadOutput, err)
	}
	return out, nil
}

// stops reports whether the output asks to stop (continue:false).
func (o Output) stops() bool { return o.Continue != nil && !*o.Continue }

// permission is the PreToolUse verdict the output gives: allow, deny,
// ask or "".
func (o Output) permission() string {
	switch {
	case o.stops():
		return "deny"
	case o.Specific.PermissionDecision != "":
		return o.Specific.PermissionDecision
	case o.Decision == "block":
		return "deny"
	case o.Decision == "approve":
		return "allow"
	}
	return ""
}

// reason is why the output decided.
func (o Output) reason() string {
	switch {
	case o.Specific.PermissionDecisionReason != "":
		return o.Specific.PermissionDecisionReason
	case o.Reason != "":
		return o.Reason
	}
	return o.StopReason
}

// rank orders PreToolUse verdicts: deny beats ask beats allow.
func rank(p string) int {
	switch p {
	case "deny":
		return 3
	case "ask":
		return 2
	case "allow":
		return 1
	}
	return 0
}
