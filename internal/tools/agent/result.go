package agent

import (
	"fmt"
	"strings"

	"corvid/internal/provider"
	"corvid/internal/subagent"
	"corvid/internal/tool"
)

// Completed is the structured result of a finished foreground agent
// (Claude Code's field names).
type Completed struct {
	Status            string           `json:"status"`
	AgentID           string           `json:"agentId"`
	AgentType         string           `json:"agentType"`
	Prompt            string           `json:"prompt"`
	Content           []provider.Block `json:"content"`
	TotalToolUseCount int              `json:"totalToolUseCount"`
	TotalDurationMs   int64            `json:"totalDurationMs"`
	TotalTokens       int              `json:"totalTokens"`
	Usage             provider.Usage   `json:"usage"`
}

// Launched is the structured result of a background launch.
type Launched struct {
	Status      string `json:"status"`
	AgentID     string `json:"agentId"`
	Description string `json:"description"`
	Prompt      string `json:"prompt"`
	OutputFile  string `json:"outputFile"`
}

// result is the tool result of a finished agent: its final text, then
// its id and totals. A sub-agent that ended on an error (max turns, an
// interrupt, an API failure) is an error result saying why.
func result(o subagent.Outcome, prompt string) *tool.Result {
	text := o.Text
	status := "completed"
	if o.IsError {
		status = "failed"
		text = fmt.Sprintf("Agent %s (%s) did not finish: %s", o.AgentID, o.Type, reason(o))
	}
	if strings.TrimSpace(text) == "" {
		text = "(the agent gave no final message)"
	}
	trailer := fmt.Sprintf("agentId: %s\n<usage>total_tokens: %d\ntool_uses: %d\nduration_ms: %d</usage>",
		o.AgentID, o.Tokens(), o.ToolUses, o.Duration.Milliseconds())
	content := []provider.Block{provider.TextBlock(text)}
	return &tool.Result{Content: append(content, provider.TextBlock(trailer)), IsError: o.IsError,
		Structured: Completed{Status: status, AgentID: o.AgentID, AgentType: o.Type, Prompt: prompt,
			Content: content, TotalToolUseCount: o.ToolUses, TotalDurationMs: o.Duration.Milliseconds(),
			TotalTokens: o.Tokens(), Usage: o.Usage}}
}

func reason(o subagent.Outcome) string {
	if len(o.Errors) > 0 {
		return strings.Join(o.Errors, "; ")
	}
	if o.Text != "" {
		return o.Text
	}
	return o.Subtype
}
