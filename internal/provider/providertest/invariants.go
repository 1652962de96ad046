package providertest

import (
	"encoding/json"
	"fmt"

	"corvid/internal/provider"
)

// Violation kinds. The conversation kinds are rules the real API enforces
// with a 400; the fake serves the request anyway so the test sees both the
// violation and what the client did next.
const (
	ViolationRoleOrder       = "role_order"         // roles do not alternate user/assistant from user
	ViolationEmptyContent    = "empty_content"      // a message other than a final assistant one has no content
	ViolationOrphanToolUse   = "orphan_tool_use"    // a tool_use is not answered in the next message
	ViolationOrphanResult    = "orphan_tool_result" // a tool_result answers no tool_use of the previous message
	ViolationDuplicateResult = "duplicate_tool_result"
	ViolationToolUseID       = "tool_use_id"        // a tool_use id is empty or used twice
	ViolationResultOrder     = "tool_result_order"  // a tool_result follows other content in its message
	ViolationToolInput       = "tool_input"         // a tool_use input is not a JSON object
	ViolationBadRequest      = "bad_request"        // not a streaming POST /v1/messages with a JSON body
	ViolationExhausted       = "scenario_exhausted" // a request arrived after the script ended
	// ViolationCacheControl is a malformed cache_control or more than
	// MaxBreakpoints of them; the fake answers 400 as the API does.
	ViolationCacheControl = "cache_control"
)

// Violation is a broken rule observed on one request.
type Violation struct {
	Request int // Request.Index
	Kind    string
	Detail  string
}

func (v Violation) String() string {
	return fmt.Sprintf("request %d: %s: %s", v.Request, v.Kind, v.Detail)
}

// checker collects the violations of one conversation.
type checker struct {
	out  []Violation
	seen map[string]int // tool_use id → index of the message that used it
}

func (c *checker) add(kind, format string, args ...any) {
	c.out = append(c.out, Violation{Kind: kind, Detail: fmt.Sprintf(format, args...)})
}

// checkConversation applies the API's conversation rules to msgs.
func checkConversation(msgs []provider.Message) []Violation {
	c := &checker{seen: map[string]int{}}
	if len(msgs) == 0 {
		c.add(ViolationRoleOrder, "no messages")
	}
	for i, m := range msgs {
		c.checkShape(i, m, i == len(msgs)-1)
		switch m.Role {
		case provider.RoleAssistant:
			c.checkToolUses(i, m)
			c.checkAnswered(i, m, at(msgs, i+1))
		case provider.RoleUser:
			c.checkResults(i, m, at(msgs, i-1))
		}
	}
	return c.out
}

// at is msgs[i], or nil when i is out of range.
func at(msgs []provider.Message, i int) *provider.Message {
	if i < 0 || i >= len(msgs) {
		return nil
	}
	return &msgs[i]
}

func (c *checker) checkShape(i int, m provider.Message, last bool) {
	want := provider.RoleUser
	if i%2 == 1 {
		want = provider.RoleAssistant
	}
	if m.Role != want {
		c.add(ViolationRoleOrder, "messages.%d: role %q, want %q", i, m.Role, want)
	}
	if len(m.Content) == 0 && !(last && m.Role == provider.RoleAssistant) {
		c.add(ViolationEmptyContent, "messages.%d: %s message has no content", i, m.Role)
	}
}

func (c *checker) checkToolUses(i int, m provider.Message) {
	for _, b := range m.ToolUses() {
		switch prev, dup := c.seen[b.ID]; {
		case b.ID == "":
			c.add(ViolationToolUseID, "messages.%d: tool_use %q has an empty id", i, b.Name)
		case dup:
			c.add(ViolationToolUseID, "messages.%d: tool_use id %s already used in messages.%d", i, b.ID, prev)
		default:
			c.seen[b.ID] = i
		}
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(b.Input, &obj); err != nil || obj == nil {
			c.add(ViolationToolInput, "messages.%d: tool_use %s input %.80q is not a JSON object", i, b.ID, b.Input)
		}
	}
}

// checkAnswered requires one tool_result per tool_use in the next message.
func (c *checker) checkAnswered(i int, m provider.Message, next *provider.Message) {
	counts := map[string]int{}
	if next != nil && next.Role == provider.RoleUser {
		for _, b := range next.Content {
			if b.Type == provider.BlockToolResult {
				counts[b.ToolUseID]++
			}
		}
	}
	for _, b := range m.ToolUses() {
		switch n := counts[b.ID]; {
		case n == 0:
			c.add(ViolationOrphanToolUse, "messages.%d: tool_use %s (%s) has no tool_result in messages.%d", i, b.ID, b.Name, i+1)
		case n > 1:
			c.add(ViolationDuplicateResult, "messages.%d: tool_use %s is answered %d times", i+1, b.ID, n)
		}
	}
}

// checkResults requires every tool_result to answer a tool_use of the
// previous (assistant) message and to precede the message's other content.
func (c *checker) checkResults(i int, m provider.Message, prev *provider.Message) {
	uses := map[string]bool{}
	if prev != nil && prev.Role == provider.RoleAssistant {
		for _, b := range prev.ToolUses() {
			uses[b.ID] = true
		}
	}
	other := false
	for _, b := range m.Content {
		if b.Type != provider.BlockToolResult {
			other = true
			continue
		}
		if !uses[b.ToolUseID] {
			c.add(ViolationOrphanResult, "messages.%d: tool_result for %q answers no tool_use in messages.%d", i, b.ToolUseID, i-1)
		}
		if other {
			c.add(ViolationResultOrder, "messages.%d: tool_result for %s comes after other content", i, b.ToolUseID)
		}
	}
}
