package compact

import (
	"errors"
	"fmt"

	"corvid/internal/provider"
)

// Validate checks that msgs is a history the Messages API accepts: it is
// not empty, starts with a user message, roles alternate, tool_use blocks
// appear only in assistant messages and tool_result blocks only in user
// messages, and every tool_use is answered by exactly one tool_result in
// the next message (which answers nothing else).
func Validate(msgs []provider.Message) error {
	if len(msgs) == 0 {
		return errors.New("compact: empty history")
	}
	seen := map[string]bool{}
	for i, m := range msgs {
		if err := checkRole(msgs, i); err != nil {
			return err
		}
		if m.Role != provider.RoleAssistant {
			continue
		}
		calls, err := callIDs(m, i, seen)
		if err != nil {
			return err
		}
		var next *provider.Message
		if i+1 < len(msgs) {
			next = &msgs[i+1]
		}
		if err := checkAnswers(calls, next, i); err != nil {
			return err
		}
	}
	return nil
}

func checkRole(msgs []provider.Message, i int) error {
	m := msgs[i]
	switch {
	case m.Role != provider.RoleUser && m.Role != provider.RoleAssistant:
		return fmt.Errorf("compact: message %d has role %q", i, m.Role)
	case i == 0 && m.Role != provider.RoleUser:
		return errors.New("compact: history starts with an assistant message")
	case i > 0 && msgs[i-1].Role == m.Role:
		return fmt.Errorf("compact: messages %d and %d are both %s messages", i-1, i, m.Role)
	case len(m.Content) == 0:
		return fmt.Errorf("compact: message %d is empty", i)
	}
	for _, b := range m.Content {
		if b.Type == provider.BlockToolUse && m.Role == provider.RoleUser {
			return fmt.Errorf("compact: user message %d holds a tool_use", i)
		}
		if b.Type == provider.BlockToolResult && m.Role == provider.RoleAssistant {
			return fmt.Errorf("compact: assistant message %d holds a tool_result", i)
		}
	}
	// tool_results are checked against the assistant message before them.
	if i > 0 || m.Role != provider.RoleUser {
		return nil
	}
	for _, b := range m.Content {
		if b.Type == provider.BlockToolResult {
			return fmt.Errorf("compact: tool_result %s in the first message answers no call", b.ToolUseID)
		}
	}
	return nil
}

// callIDs returns the tool_use ids of assistant message m (index i),
// rejecting ids used before.
func callIDs(m provider.Message, i int, seen map[string]bool) ([]string, error) {
	var calls []string
	for _, b := range m.Content {
		if b.Type != provider.BlockToolUse {
			continue
		}
		if b.ID == "" {
			return nil, fmt.Errorf("compact: tool_use without an id in message %d", i)
		}
		if seen[b.ID] {
			return nil, fmt.Errorf("compact: tool_use id %s is used twice", b.ID)
		}
		seen[b.ID] = true
		calls = append(calls, b.ID)
	}
	return calls, nil
}

// checkAnswers checks that next (nil at the end of the history) answers
// exactly the calls of assistant message i.
func checkAnswers(calls []string, next *provider.Message, i int) error {
	asked := make(map[string]bool, len(calls))
	for _, id := range calls {
		asked[id] = true
	}
	answered := map[string]bool{}
	if next != nil {
		for _, b := range next.Content {
			if b.Type != provider.BlockToolResult {
				continue
			}
			switch {
			case !asked[b.ToolUseID]:
				return fmt.Errorf("compact: tool_result %s in message %d answers no call of message %d",
					b.ToolUseID, i+1, i)
			case answered[b.ToolUseID]:
				return fmt.Errorf("compact: tool_use %s is answered twice", b.ToolUseID)
			}
			answered[b.ToolUseID] = true
		}
	}
	for _, id := range calls {
		if !answered[id] {
			return fmt.Errorf("compact: tool_use %s in message %d has no tool_result", id, i)
		}
	}
	return nil
}
