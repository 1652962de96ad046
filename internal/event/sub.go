package event

// Sub is an event of a sub-agent, published on the parent's sink:
// stream-json renders its assistant, user and stream events with
// parent_tool_use_id set to the Agent call that launched it. The
// sub-agent's own init and result are not frames.
type Sub struct {
	// ParentToolUseID is the id of the Agent tool_use.
	ParentToolUseID string
	AgentID         string
	Event           Event
}

func (Sub) isEvent() {}
