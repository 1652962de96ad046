package bash

import (
	"fmt"

	"corvid/internal/provider"
	"corvid/internal/shells"
	"corvid/internal/tool"
)

// background hands the command to the shell manager and returns at once.
func (t *bashTool) background(call tool.Call, in input) *tool.Result {
	if t.shells == nil {
		return tool.ErrorText("Background commands are not available in this session; run the command without run_in_background.")
	}
	info, err := t.shells.Start(shells.Spec{Command: in.Command, Dir: call.Env.WorkDir, Env: t.env(),
		SessionDir: call.Env.SessionDir, ToolUseID: call.ID, Description: in.Description})
	if err != nil {
		return tool.ErrorText(fmt.Sprintf("Could not start the command in the background: %v", err))
	}
	text := fmt.Sprintf("Command running in background with ID: %s. Output is being written to: %s. "+
		"Read new output with BashOutput (bash_id %q) and stop the command with KillShell; "+
		"you will be told when it finishes.", info.ID, info.OutputPath, info.ID)
	return &tool.Result{Content: []provider.Block{provider.TextBlock(text)}, ReportIsError: true,
		Structured: Output{BackgroundTaskID: info.ID}}
}
