package taskstop

import "corvid/internal/tool"

// TaskStop stops work this conversation started (a background agent or
// shell): it changes nothing outside the conversation and never prompts.
func (*stopTool) Kind() tool.Kind { return tool.KindState }
