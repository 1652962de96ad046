package bash

import (
	"encoding/json"
	"strings"

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

// Guidance points to the dedicated tools offered alongside and says how
// to run commands well.
func (*bashTool) Guidance(offered []tool.Tool) []string {
	var dedicated []string
	for _, t := range offered {
		if alt, ok := t.(tool.ShellAlternative); ok {
			dedicated = append(dedicated, t.Name()+" instead of "+alt.ShellAlternative())
		}
	}
	var lines []string
	if len(dedicated) > 0 {
		lines = append(lines, "- Prefer the dedicated tools to their shell equivalents ("+strings.Join(dedicated, "; ")+
			"): they are faster, safer and easier for the user to review. Keep Bash for building, testing, git and other real commands.")
	}
	return append(lines, "- Quote paths that contain spaces. Run long-lived processes (servers, watchers) in the background and check on them later.")
}
