package permission

// The names Claude Code's rule language gives meaning to, whatever tools
// are registered: Read(...) and Edit(...) path rules (which Bash's
// analysis also applies to the files a command line reads and writes)
// and Bash(...) command rules (applied to every command inside a command
// line). Which tools these rules reach is the tools' own say
// (tool.RuleFamilied, tool.KindExec).
const (
	readRules    = "Read"
	editRules    = "Edit"
	commandRules = "Bash"
)
