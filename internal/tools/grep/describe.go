package grep

import (
	"encoding/json"

	"corvid/internal/tool"
)

// Grep reads under its path (the current directory by default); Read's
// deny and ask rules cover it.

func (*Tool) Kind() tool.Kind      { return tool.KindRead }
func (*Tool) SubjectField() string { return "path" }
func (*Tool) Rerunnable() bool     { return true }
func (*Tool) RuleParams() []string {
	return []string{"pattern", "glob", "type", "output_mode", "multiline"}
}
func (*Tool) RuleFamily() tool.Family { return tool.Family{Name: "Read", Cover: tool.CoverDenyAsk} }

// AccessPath is path, or cwd when the call names none.
func (*Tool) AccessPath(in json.RawMessage, cwd string) (string, error) {
	if p := tool.InputString(in, "path"); p != "" {
		return p, nil
	}
	if cwd == "" {
		return "", tool.ErrNoPath
	}
	return cwd, nil
}

// ShellAlternative: Grep replaces grep and rg.
func (*Tool) ShellAlternative() string { return "grep/rg" }

// Guidance: search rather than guess.
func (*Tool) Guidance([]tool.Tool) []string { return []string{searchLine} }

// searchLine is shared with Glob's guidance; the prompt keeps one copy.
const searchLine = "- Search before assuming: locate definitions and usages with the search tools rather than guessing file names."
