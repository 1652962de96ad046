package skill

import (
	"encoding/json"

	"corvid/internal/tool"
)

// The Skill tool invokes a named capability: Skill(name) and
// Skill(name args) rules match the skill asked for, and without a rule
// the tool's own check decides (a skill that grants nothing runs).

func (*Tool) Kind() tool.Kind { return tool.KindInvoke }

// RuleSubjects are the skill's name, then its name with the arguments.
func (*Tool) RuleSubjects(raw json.RawMessage) []string {
	in := parse(raw)
	if in.Args != "" {
		return []string{in.Skill, in.Skill + " " + in.Args}
	}
	return []string{in.Skill}
}

// SubjectField is the field a one-argument rule query fills.
func (*Tool) SubjectField() string { return "skill" }

// RuleParams are the input fields Skill(name:value) rules may name.
func (*Tool) RuleParams() []string { return []string{"args"} }
