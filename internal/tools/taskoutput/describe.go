package taskoutput

import "corvid/internal/tool"

// TaskOutput only reads the state of work this conversation started.

func (*outputTool) Kind() tool.Kind  { return tool.KindState }
func (*outputTool) Rerunnable() bool { return true }
