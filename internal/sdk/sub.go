package sdk

import "corvid/internal/event"

// sub renders a sub-agent's event as its own frame with
// parent_tool_use_id set to the Agent call; the sub-agent's init,
// result and other events have no frame.
func (f *framer) sub(ev event.Sub) (any, bool) {
	parent := ev.ParentToolUseID
	switch in := ev.Event.(type) {
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
	case event.Stream:
		fr := f.stream(in)
		fr.ParentToolUseID = &parent
		return fr, true
	}
	return nil, false
}
