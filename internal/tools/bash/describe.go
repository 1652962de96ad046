package bash

import (
	"encoding/json"

	"corvid/internal/tool"
)

// How Bash describes itself to permissions, compaction and the prompt.

func (*bashTool) Kind() tool.Kind      { return tool.KindExec }
func (*bashTool) SubjectField() string { return "command" }
func (*bashTool) Rerunnable() bool     { return true }
func (*bashTool) RuleParams() []string {
	return []string{"run_in_background", "dangerouslyDisableSandbox", "description", "timeout"}
}

// RuleSubjects is the command.
func (*bashTool) RuleSubjects(in json.RawMessage) []string {
	return []string{tool.InputString(in, "command")}
}
