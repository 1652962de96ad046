package write

import (
	"encoding/json"

	"corvid/internal/tool"
)

// Write's path rules are Edit(...) rules; whole-tool Edit rules do not
// name it.

func (*Tool) Kind() tool.Kind         { return tool.KindEdit }
func (*Tool) SubjectField() string    { return "file_path" }
func (*Tool) RuleParams() []string    { return []string{"content"} }
func (*Tool) RuleFamily() tool.Family { return tool.Family{Name: "Edit", Cover: tool.CoverNone} }

// AccessPath is file_path.
func (*Tool) AccessPath(in json.RawMessage, _ string) (string, error) {
	return tool.InputPath(in, "file_path")
}

// ShellAlternative: Write replaces redirections.
func (*Tool) ShellAlternative() string { return "echo/cat redirections" }
