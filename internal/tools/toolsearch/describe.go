package toolsearch

import (
	"encoding/json"

	"corvid/internal/tool"
)

// ToolSearch only changes which definitions the conversation's next
// requests carry: it reads nothing outside the conversation, never
// prompts, and is read-only for permissions.

func (*Tool) Kind() tool.Kind                        { return tool.KindState }
func (*Tool) IsReadOnly(json.RawMessage) bool        { return true }
func (*Tool) IsConcurrencySafe(json.RawMessage) bool { return true }
