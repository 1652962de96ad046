package provider

import "encoding/json"

// Request is one call to the model.
type Request struct {
	Model     string
	MaxTokens int
	System    []Block // text blocks; cache_control allowed
	Tools     []ToolDef
	Messages  []Message
	// Thinking, when set, is sent as it is; otherwise Reasoning decides.
	Thinking *Thinking
	// Reasoning asks for extended thinking; nil asks for none. The
	// adapter turns it into what the model accepts (an adaptive mode, a
	// budget, an effort level), or leaves it out for a model without
	// thinking.
	Reasoning *Reasoning
	// SessionID names the conversation the request belongs to ("" for
	// none); the adapter passes it on as the API expects.
	SessionID string
	// Cache asks the adapter to mark the request's cacheable prefix for
	// the provider's prompt cache (the system prompt and tools, and the
	// newest message, a mark that rolls forward with the conversation).
	Cache bool
	// LongContext asks for the model's widened (1M-token) context window
	// where the provider offers it only on request.
	LongContext bool
	// Metadata is passed through as the request's metadata object.
	Metadata map[string]string
	// Headers are extra HTTP headers for this request.
	Headers map[string]string
}

// Reasoning is how much the model should think. The zero value is the
// model's default.
type Reasoning struct {
	// BudgetTokens caps thinking on models that take a budget: 0 is the
	// default (as much as max_tokens allows), a negative value turns
	// thinking off there. Models that think adaptively ignore it.
	BudgetTokens int
	// Effort is one of EffortLevels; "" is the
	// model's default. Models without effort control ignore it.
	Effort string
}

// EffortLevels are the effort values the API takes, as Claude Code's
// --effort accepts them: the one list the flag and the settings check.
var EffortLevels = []string{"low", "medium", "high", "xhigh", "max"}

// ToolDef is a tool as the model sees it.
type ToolDef struct {
	Name         string          `json:"name"`
	Description  string          `json:"description"`
	InputSchema  json.RawMessage `json:"input_schema"`
	CacheControl *CacheControl   `json:"cache_control,omitempty"`
}

// Thinking configures extended thinking.
type Thinking struct {
	Type         string `json:"type"` // "enabled", "adaptive", "disabled"
	BudgetTokens int    `json:"budget_tokens,omitempty"`
}
