package agent

import (
	"encoding/json"

	"corvid/internal/tool"
)

// The Agent tool delegates: each call of the sub-agent is checked on its
// own, and rules such as Agent(Explore) match the agent type.

func (*agentTool) Kind() tool.Kind { return tool.KindDelegate }

// RuleSubjects is the agent type asked for (general-purpose by default).
func (*agentTool) RuleSubjects(in json.RawMessage) []string {
	if t := tool.InputString(in, "subagent_type"); t != "" {
		return []string{t}
	}
	return []string{"general-purpose"}
}

// SubjectField is the field a one-argument rule query fills.
func (*agentTool) SubjectField() string { return "subagent_type" }

// RuleParams are the input fields Agent(name:value) rules may name.
func (*agentTool) RuleParams() []string {
	return []string{"description", "prompt", "subagent_type", "model", "effort", "run_in_background"}
}
