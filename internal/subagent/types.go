package subagent

import (
	"time"

	"corvid/internal/provider"
)

// Request is one Agent call.
type Request struct {
	Type        string
	Description string
	Prompt      string
	Model       string
	// ToolUseID is the Agent tool_use id: the sub-agent's events carry it.
	ToolUseID string
}

// Outcome is what a finished sub-agent reports.
type Outcome struct {
	AgentID  string
	Type     string
	Text     string
	IsError  bool
	Subtype  string
	Errors   []string
	ToolUses int
	Turns    int
	Duration time.Duration
	Usage    provider.Usage
	CostUSD  float64
}

// Tokens is the outcome's total token count.
func (o Outcome) Tokens() int {
	u := o.Usage
	return u.InputTokens + u.OutputTokens + u.CacheReadInputTokens + u.CacheCreationInputTokens
}

// Launched is what a background launch returns at once.
type Launched struct {
	AgentID    string
	OutputFile string
}

// Task is a background agent's state as TaskOutput reports it (and the
// runner's task observer hears it).
type Task struct {
	AgentID     string
	Description string
	// Status is running, completed, failed or killed.
	Status     string
	Text       string
	OutputFile string
	// ToolUseID is the Agent call that launched it; Type its agent type.
	ToolUseID, Type string
	// ToolUses counts its tool calls so far; LastTool names the latest;
	// Tokens are what it used once it ended; Prompt is what it was asked.
	ToolUses, Tokens int
	LastTool, Prompt string
	Started, Ended   time.Time
}
