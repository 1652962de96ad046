package hookrun

import "encoding/json"

// hookInput is the part of a hook's input the runner reads.
type hookInput struct {
	Event     string          `json:"hook_event_name"`
	ToolName  string          `json:"tool_name"`
	ToolInput json.RawMessage `json:"tool_input"`
	Source    string          `json:"source"`
	Trigger   string          `json:"trigger"`
}

func parseInput(raw json.RawMessage) hookInput {
	var in hookInput
	_ = json.Unmarshal(raw, &in)
	return in
}

// name is the hook_name frames carry: "PreToolUse:Bash", "SessionStart:startup"
// or the bare event.
func (in hookInput) name() string {
	for _, q := range []string{in.ToolName, in.Source, in.Trigger} {
		if q != "" {
			return in.Event + ":" + q
		}
	}
	return in.Event
}

// canBlock reports whether exit 2 blocks the event, and who reads the
// reason.
func canBlock(event string) bool {
	switch event {
	case "PreToolUse", "UserPromptSubmit", "Stop", "SubagentStop", "PreCompact",
		"PostToolUse", "PostToolUseFailure":
		return true
	}
	return false
}

// plainContext reports whether plain stdout of a successful run goes to
// the model.
func plainContext(event string) bool {
	return event == "UserPromptSubmit" || event == "SessionStart" || event == "UserPromptExpansion"
}
