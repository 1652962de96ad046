package edit

import (
	"encoding/json"

	"corvid/internal/tool"
)

// Edit is the head of the edit family: Edit(path) rules are written
// with its name.

func (*editTool) Kind() tool.Kind      { return tool.KindEdit }
func (*editTool) SubjectField() string { return "file_path" }
func (*editTool) RuleParams() []string { return []string{"old_string", "new_string", "replace_all"} }

// AccessPath is file_path.
func (*editTool) AccessPath(in json.RawMessage, _ string) (string, error) {
	return tool.InputPath(in, "file_path")
}

// ShellAlternative: Edit replaces stream editors.
func (*editTool) ShellAlternative() string { return "sed/awk" }
