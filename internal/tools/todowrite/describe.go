package todowrite

import "corvid/internal/tool"

// Kind: the todo list is conversation state.
func (*Tool) Kind() tool.Kind { return tool.KindState }
