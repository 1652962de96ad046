package notebookedit

import (
	"encoding/json"

	"corvid/internal/tool"
)

// NotebookEdit's path rules are Edit(...) rules.

func (*notebookEditTool) Kind() tool.Kind      { return tool.KindEdit }
func (*notebookEditTool) SubjectField() string { return "notebook_path" }
func (*notebookEditTool) RuleParams() []string {
	return []string{"new_source", "cell_id", "cell_type", "edit_mode"}
}
func (*notebookEditTool) RuleFamily() tool.Family {
	return tool.Family{Name: "Edit", Cover: tool.CoverNone}
}

// AccessPath is notebook_path.
func (*notebookEditTool) AccessPath(in json.RawMessage, _ string) (string, error) {
	return tool.InputPath(in, "notebook_path")
}
