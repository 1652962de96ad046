package app

import (
	"encoding/json"
	"strings"

	"corvid/internal/compact"
	"corvid/internal/event"
	"corvid/internal/model"
)

// bytesPerToken is the estimate /context uses: close enough for English
// text and JSON to show the proportions, and never an API call.
const bytesPerToken = 4

// ContextUsage estimates how the next request fills the context window,
// by category. Call it between turns, as Messages.
func (c *Conversation) ContextUsage() event.ContextUsage {
	cfg := &c.s.engine
	pol := c.eng.Policy()
	info := model.Resolve(pol.Model.ID)
	u := event.ContextUsage{Window: info.ContextWindow}
	if set := pol.Compaction.Settings; !set.Disabled && !set.DisabledAll {
		u.AutoCompact = compact.Threshold(info, set)
	}
	for _, s := range cfg.System {
		u.System += len(s)
	}
	for _, d := range cfg.Tools.Defs() {
		b, _ := json.Marshal(d) // a definition is plain data: it encodes
		if strings.HasPrefix(d.Name, "mcp__") {
			u.MCPTools += len(b)
		} else {
			u.Tools += len(b)
		}
	}
	for _, s := range cfg.Opening {
		u.Instructions += len(s)
	}
	if msgs := c.eng.Messages(); len(msgs) > 0 {
		b, _ := json.Marshal(msgs)
		// The opening reminders travel inside the first message.
		u.Messages = max(len(b)-u.Instructions, 0)
	}
	u.System /= bytesPerToken
	u.Tools /= bytesPerToken
	u.MCPTools /= bytesPerToken
	u.Instructions /= bytesPerToken
	u.Messages /= bytesPerToken
	return u
}
