package permission

import "strings"

// kind is how the engine treats a tool.
type kind int

const (
	// kindOther: rules by name and parameters; the mode decides (ask in
	// default). Unknown and MCP tools are kindOther.
	kindOther kind = iota
	kindBash
	// kindRead tools read files: free inside the working directories.
	kindRead
	// kindEdit tools write files.
	kindEdit
	kindFetch
	kindAgent
	kindSkill
	// kindFree tools change nothing outside the conversation and never
	// prompt (rules still apply).
	kindFree
	// kindHuman tools put a question to a person: they always ask, even
	// in bypassPermissions.
	kindHuman
)

// kindOf returns the kind of a tool, by canonical name.
func kindOf(name string) kind {
	switch name {
	case "Bash":
		return kindBash
	case "Read", "Grep", "Glob":
		return kindRead
	case "Edit", "MultiEdit", "Write", "NotebookEdit":
		return kindEdit
	case "WebFetch":
		return kindFetch
	case "Agent":
		return kindAgent
	case "Skill":
		return kindSkill
	case "TodoWrite", "BashOutput", "KillShell", "TaskCreate", "TaskGet", "TaskList", "TaskUpdate",
		"ToolSearch", "ListMcpResourcesTool", "ReadMcpResourceTool", "EnterPlanMode":
		return kindFree
	case "AskUserQuestion":
		return kindHuman
	}
	return kindOther
}

// canonicalName maps the legacy and Claude Code names of a tool to the
// name corvid registers.
func canonicalName(name string) string {
	switch name {
	case "Task":
		return "Agent"
	case "KillBash", "TaskStop":
		return "KillShell"
	case "TaskOutput":
		return "BashOutput"
	case "ListMcpResources":
		return "ListMcpResourcesTool"
	case "ReadMcpResource":
		return "ReadMcpResourceTool"
	}
	return name
}

// knownTools are the names a rule may use without being a typo: a name
// that differs from one of them only in case is reported.
var knownTools = []string{"Bash", "Read", "Grep", "Glob", "Edit", "MultiEdit", "Write", "NotebookEdit",
	"WebFetch", "WebSearch", "Agent", "Skill", "TodoWrite", "BashOutput", "KillShell", "ExitPlanMode",
	"EnterPlanMode", "AskUserQuestion", "ToolSearch", "TaskCreate", "TaskGet", "TaskList", "TaskUpdate",
	"ListMcpResourcesTool", "ReadMcpResourceTool"}

// miscased returns the known tool name that name spells in the wrong
// case, or "".
func miscased(name string) string {
	for _, k := range knownTools {
		if name != k && strings.EqualFold(name, k) {
			return k
		}
	}
	return ""
}

// params are the top-level scalar fields that `Tool(param:value)` rules
// may name, per tool; primary fields (command, file_path, path, url,
// notebook_path) are not among them. A tool missing here (MCP and
// unknown tools) accepts any field name.
var params = map[string][]string{
	"Bash":         {"run_in_background", "dangerouslyDisableSandbox", "description", "timeout"},
	"Read":         {"offset", "limit", "pages"},
	"Edit":         {"old_string", "new_string", "replace_all"},
	"MultiEdit":    {},
	"Write":        {"content"},
	"NotebookEdit": {"new_source", "cell_id", "cell_type", "edit_mode"},
	"Grep":         {"pattern", "glob", "type", "output_mode", "multiline"},
	"Glob":         {"pattern"},
	"WebFetch":     {"prompt"},
	"WebSearch":    {"query"},
	"Agent":        {"description", "prompt", "subagent_type", "model", "effort", "run_in_background", "isolation"},
	"Skill":        {"args"},
}

// primaryFields are never matched by parameter rules.
var primaryFields = []string{"command", "file_path", "path", "url", "notebook_path"}
