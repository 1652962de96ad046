package event

// ContextUsage is how a conversation's next request would fill the
// model's context window, by category, in tokens estimated at four bytes
// a token: what front ends draw for /context.
type ContextUsage struct {
	// Window is the model's context window.
	Window int
	// System is the system prompt.
	System int
	// Tools are the built-in tools' definitions sent with each request;
	// MCPTools those of the MCP servers' tools (deferred ones are not sent).
	Tools, MCPTools int
	// Instructions are the instruction files and facts put in front of
	// the first prompt (CLAUDE.md and the like).
	Instructions int
	// Messages is the rest of the conversation.
	Messages int
	// AutoCompact is the size at which automatic compaction starts; 0
	// when it is off. The window above it is kept as a reserve.
	AutoCompact int
}

// Used is the sum of the categories.
func (u ContextUsage) Used() int {
	return u.System + u.Tools + u.MCPTools + u.Instructions + u.Messages
}
