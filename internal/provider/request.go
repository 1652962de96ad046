package provider

import "encoding/json"

// Request is one call to the model.
type Request struct {
	Model     string
	MaxTokens int
	System    []Block // text blocks; cache_control allowed
	Tools     []ToolDef
	Messages  []Message
	Thinking  *Thinking
	// Metadata is passed through as the request's metadata object.
	Metadata map[string]string
	// Headers are extra HTTP headers for this request.
	Headers map[string]string
}

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
