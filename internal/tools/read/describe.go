package read

import (
	"encoding/json"

	"corvid/internal/tool"
)

// Read is the head of the read family: Read(path) rules are written
// with its name.

func (*Tool) Kind() tool.Kind      { return tool.KindRead }
func (*Tool) SubjectField() string { return "file_path" }
func (*Tool) Rerunnable() bool     { return true }
func (*Tool) RuleParams() []string { return []string{"offset", "limit", "pages"} }

// AccessPath is file_path.
func (*Tool) AccessPath(in json.RawMessage, _ string) (string, error) {
	return tool.InputPath(in, "file_path")
}

// ShellAlternative: Read replaces cat and friends.
func (*Tool) ShellAlternative() string { return "cat/head/tail" }

// Guidance: read before editing, when something can edit.
func (*Tool) Guidance(offered []tool.Tool) []string {
	if !tool.Offers(offered, tool.KindEdit) {
		return nil
	}
	return []string{"- Read a file before you change it; edits to a file you have not read, or that changed since you read it, are refused."}
}
