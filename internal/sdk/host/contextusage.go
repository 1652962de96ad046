package host

import (
	"context"
	"math"

	"corvid/internal/event"
	"corvid/internal/model"
)

// ContextReporter is a Conversation that estimates how the next request
// fills the context window by category (*app.Conversation). It reads the
// history, so it is called only between turns.
type ContextReporter interface {
	ContextUsage() event.ContextUsage
}

// usageRow is one category of get_context_usage's answer, in Claude
// Code's shape: id is the stable key, kind classifies the row, color is
// the name of the theme colour Claude Code draws it in.
type usageRow struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Tokens int    `json:"tokens"`
	Color  string `json:"color"`
	Kind   string `json:"kind"`
}

// usageAnswer is get_context_usage's answer (Claude Code 2.1.332's
// fields, sdktest/testdata/contextusage.claude.json). The per-file,
// per-tool and per-agent lists are empty: corvid estimates by category.
type usageAnswer struct {
	Categories           []usageRow `json:"categories"`
	TotalTokens          int        `json:"totalTokens"`
	MaxTokens            int        `json:"maxTokens"`
	RawMaxTokens         int        `json:"rawMaxTokens"`
	Percentage           int        `json:"percentage"`
	GridRows             [][]any    `json:"gridRows"`
	Model                string     `json:"model"`
	MemoryFiles          []any      `json:"memoryFiles"`
	MCPTools             []any      `json:"mcpTools"`
	Agents               []any      `json:"agents"`
	AutoCompactThreshold int        `json:"autoCompactThreshold,omitempty"`
	IsAutoCompactEnabled bool       `json:"isAutoCompactEnabled"`
}

// contextUsage answers get_context_usage. Between turns the conversation
// estimates each category (the system prompt, the tools, the instruction
// files, the messages); while a turn runs the history is the turn's, so
// the answer is the latest response's measured size, as messages.
func (h *Host) contextUsage(ctx context.Context) (any, error) {
	conv, err := h.conversation(ctx)
	if err != nil {
		return nil, err
	}
	name := conv.Info().Model
	if r, ok := conv.(ContextReporter); ok && h.turnGate.TryLock() {
		u := r.ContextUsage()
		h.turnGate.Unlock()
		if u.Window <= 0 {
			u.Window = model.Resolve(name).ContextWindow
		}
		return usageFrom(u, name), nil
	}
	h.mu.Lock()
	a := h.usage
	h.mu.Unlock()
	used := a.InputTokens + a.CacheReadInputTokens + a.CacheCreationInputTokens + a.OutputTokens
	return usageFrom(event.ContextUsage{Window: model.Resolve(name).ContextWindow, Messages: used}, name), nil
}

// usageFrom lays the categories out as Claude Code does: the rows that
// hold tokens, the compaction reserve, then the free space.
func usageFrom(u event.ContextUsage, name string) usageAnswer {
	var rows []usageRow
	add := func(id, label string, tokens int, color string) {
		if tokens > 0 {
			rows = append(rows, usageRow{id, label, tokens, color, "used"})
		}
	}
	add("system_prompt", "System prompt", u.System, "promptBorder")
	add("system_tools", "System tools", u.Tools, "inactive")
	add("mcp_tools", "MCP tools", u.MCPTools, "cyan_FOR_SUBAGENTS_ONLY")
	add("memory_files", "Memory files", u.Instructions, "claude")
	add("messages", "Messages", u.Messages, "purple_FOR_SUBAGENTS_ONLY")
	used := u.Used()
	reserve := 0
	if u.AutoCompact > 0 && u.AutoCompact < u.Window {
		reserve = u.Window - u.AutoCompact
		rows = append(rows, usageRow{"autocompact_buffer", "Autocompact buffer", reserve, "inactive", "buffer"})
	}
	rows = append(rows, usageRow{"free_space", "Free space", max(u.Window-used-reserve, 0), "promptBorder", "free"})
	pct := 0
	if u.Window > 0 {
		pct = int(math.Round(float64(used) * 100 / float64(u.Window)))
	}
	return usageAnswer{Categories: rows, TotalTokens: used, MaxTokens: u.Window, RawMaxTokens: u.Window,
		Percentage: pct, GridRows: [][]any{}, Model: name, MemoryFiles: []any{}, MCPTools: []any{},
		Agents: []any{}, AutoCompactThreshold: u.AutoCompact, IsAutoCompactEnabled: u.AutoCompact > 0}
}
