package bashoutput

import "corvid/internal/tool"

// BashOutput only reads a background shell's buffered output.

func (*outputTool) Kind() tool.Kind  { return tool.KindState }
func (*outputTool) Rerunnable() bool { return true }
