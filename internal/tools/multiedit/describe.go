package multiedit

import (
	"encoding/json"

	"corvid/internal/tool"
)

// MultiEdit is folded into Edit: every whole-tool Edit rule covers it.

func (*multiEditTool) Kind() tool.Kind      { return tool.KindEdit }
func (*multiEditTool) SubjectField() string { return "file_path" }
func (*multiEditTool) RuleParams() []string { return []string{} }
func (*multiEditTool) RuleFamily() tool.Family {
	return tool.Family{Name: "Edit", Cover: tool.CoverAll}
}

// AccessPath is file_path.
func (*multiEditTool) AccessPath(in json.RawMessage, _ string) (string, error) {
	return tool.InputPath(in, "file_path")
}
