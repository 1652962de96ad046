package compact

import "corvid/internal/provider"

// charsPerToken is the rough ratio used for every estimate in this package.
const charsPerToken = 4

// MessageTokens estimates one message's size in tokens from its JSON.
func MessageTokens(m provider.Message) int {
	data, err := provider.Marshal(m)
	if err != nil {
		// A block type the API does not know: count its text fields.
		n := 0
		for _, b := range m.Content {
			n += len(b.Text) + len(b.Thinking) + len(b.Input)
		}
		return n / charsPerToken
	}
	return len(data) / charsPerToken
}

// Estimate is the estimated size of msgs in tokens.
func Estimate(msgs []provider.Message) int {
	n := 0
	for _, m := range msgs {
		n += MessageTokens(m)
	}
	return n
}

// SplitTail splits msgs into a head to summarise and a tail to keep
// verbatim. The tail is the longest suffix whose estimate fits keepTokens
// and that starts at a user message holding no tool_result (so no result
// is cut off from its call). The head always keeps at least one message;
// when no cut fits, the tail is empty. Both results share msgs' backing
// array.
func SplitTail(msgs []provider.Message, keepTokens int) (head, tail []provider.Message) {
	cut := len(msgs)
	used := 0
	for i := len(msgs) - 1; i >= 1; i-- {
		used += MessageTokens(msgs[i])
		if used > keepTokens {
			break
		}
		if isPrompt(msgs[i]) {
			cut = i
		}
	}
	return msgs[:cut], msgs[cut:]
}

// isPrompt reports a user message that answers no tool call: a place where
// a conversation may be cut.
func isPrompt(m provider.Message) bool {
	if m.Role != provider.RoleUser {
		return false
	}
	for _, b := range m.Content {
		if b.Type == provider.BlockToolResult {
			return false
		}
	}
	return true
}
