package session

import (
	"slices"

	"corvid/internal/provider"
)

// interruptedText is the content of a tool_result made up for a tool_use
// whose result was never recorded.
const interruptedText = "The tool run was interrupted before it finished, so there is no result."

// Repair makes a history valid for the API: every tool_use gets exactly
// one tool_result in the next user message (a missing one becomes an
// is_error result saying the run was interrupted), and results come
// before other blocks there; tool_results with no matching tool_use in
// the previous assistant message, or repeated, are dropped; empty text
// blocks and empty messages are dropped; consecutive messages of the same
// role are merged; leading assistant messages are dropped so the history
// starts with a user message. It returns a repaired copy and the number of
// fixes made; msgs is not modified.
func Repair(msgs []provider.Message) ([]provider.Message, int) {
	cp := make([]provider.Message, len(msgs))
	for i, m := range msgs {
		cp[i] = provider.Message{Role: m.Role, Content: slices.Clone(m.Content)}
	}
	return repair(cp)
}

// repair is Repair on a history it may change in place (the messages'
// Content slices, never the blocks' own nested slices).
func repair(msgs []provider.Message) ([]provider.Message, int) {
	fixes := 0
	// Each round that changes something removes or completes messages, so
	// the loop ends; the bound is a guard.
	for range len(msgs) + 2 {
		var n, p int
		msgs, n = normalize(msgs)
		msgs, p = pairResults(msgs)
		fixes += n + p
		if p == 0 {
			break
		}
	}
	return msgs, fixes
}

// normalize drops empty text blocks, empty messages and leading assistant
// messages, and merges neighbours of the same role.
func normalize(msgs []provider.Message) ([]provider.Message, int) {
	fixes := 0
	out := msgs[:0]
	for _, m := range msgs {
		blocks, n := dropEmptyText(m.Content)
		fixes += n
		switch {
		case len(blocks) == 0:
			fixes++
		case len(out) == 0 && m.Role != provider.RoleUser:
			fixes++
		case len(out) > 0 && out[len(out)-1].Role == m.Role:
			last := &out[len(out)-1]
			last.Content = append(slices.Clip(last.Content), blocks...)
			fixes++
		default:
			out = append(out, provider.Message{Role: m.Role, Content: blocks})
		}
	}
	return out, fixes
}

func dropEmptyText(blocks []provider.Block) ([]provider.Block, int) {
	n := 0
	for _, b := range blocks {
		if b.Type == provider.BlockText && b.Text == "" {
			n++
		}
	}
	if n == 0 {
		return blocks, 0
	}
	return slices.DeleteFunc(slices.Clone(blocks), func(b provider.Block) bool {
		return b.Type == provider.BlockText && b.Text == ""
	}), n
}

// pairResults gives every user message exactly the results of the
// previous assistant message's tool_uses, and adds a user message of
// results after a final assistant message that used tools.
func pairResults(msgs []provider.Message) ([]provider.Message, int) {
	fixes := 0
	for i := range msgs {
		if msgs[i].Role != provider.RoleUser {
			continue
		}
		var uses []provider.Block
		if i > 0 {
			uses = msgs[i-1].ToolUses()
		}
		var n int
		msgs[i].Content, n = fixResults(msgs[i].Content, uses)
		fixes += n
	}
	if n := len(msgs); n > 0 && msgs[n-1].Role == provider.RoleAssistant {
		if uses := msgs[n-1].ToolUses(); len(uses) > 0 {
			content, k := fixResults(nil, uses)
			msgs = append(msgs, provider.Message{Role: provider.RoleUser, Content: content})
			fixes += k
		}
	}
	return msgs, fixes
}

// fixResults returns blocks with the results for uses first (in the order
// they came, then made-up ones for the missing), followed by the other
// blocks, and the number of fixes that took.
func fixResults(blocks []provider.Block, uses []provider.Block) ([]provider.Block, int) {
	if len(uses) == 0 && !slices.ContainsFunc(blocks, isResult) {
		return blocks, 0
	}
	fixes := 0
	results := make([]provider.Block, 0, len(uses))
	var others []provider.Block
	for _, b := range blocks {
		switch {
		case !isResult(b):
			others = append(others, b)
		case !slices.ContainsFunc(uses, hasID(b.ToolUseID)) ||
			slices.ContainsFunc(results, answers(b.ToolUseID)):
			fixes++ // an orphan or a repeat
		default:
			if len(others) > 0 {
				fixes++ // moved before the other blocks
			}
			results = append(results, b)
		}
	}
	for _, u := range uses {
		if !slices.ContainsFunc(results, answers(u.ID)) {
			results = append(results, provider.ToolResultBlock(u.ID, interruptedText, true))
			fixes++
		}
	}
	if fixes == 0 {
		return blocks, 0
	}
	return append(results, others...), fixes
}

func isResult(b provider.Block) bool { return b.Type == provider.BlockToolResult }

func hasID(id string) func(provider.Block) bool {
	return func(b provider.Block) bool { return b.ID == id }
}

func answers(id string) func(provider.Block) bool {
	return func(b provider.Block) bool { return b.ToolUseID == id }
}
