package sdk

import "corvid/internal/event"

// sub renders a sub-agent's event (one with a parent tool-use id) as its
// own frame with parent_tool_use_id set to the Agent call: its assistant,
// user and stream events; the sub-agent's init, result and other events
// have no frame.
func (f *framer) sub(ev event.Event) (any, bool) {
	parent := ev.Source().ParentToolUseID
	if p, ok := streamPayload(ev); ok {
		fr := f.stream(p)
		fr.ParentToolUseID = &parent
		return fr, true
	}
	switch in := ev.(type) {
	case event.Assistant:
		fr := f.assistant(in)
		fr.ParentToolUseID = &parent
		return fr, true
	case event.ToolResult:
		fr := f.user(in)
		fr.ParentToolUseID = &parent
		return fr, true
	case event.UserText:
		fr := f.userText(in)
		fr.ParentToolUseID = &parent
		return fr, true
	}
	return nil, false
}
