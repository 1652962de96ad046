package killshell

import "corvid/internal/tool"

// KillShell stops a shell this conversation started: it never prompts.

func (*killTool) Kind() tool.Kind       { return tool.KindState }
func (*killTool) RuleAliases() []string { return []string{"TaskStop"} }
