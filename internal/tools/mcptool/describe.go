package mcptool

import "corvid/internal/tool"

// The resource tools read what servers the user configured offer, as
// Claude Code's do without asking: they never prompt. A server's own
// tools describe nothing (tool.KindOther): the mode and rules decide.

func (*listResources) Kind() tool.Kind { return tool.KindState }
func (*readResource) Kind() tool.Kind  { return tool.KindState }
