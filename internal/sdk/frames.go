package sdk

import (
	"encoding/json"

	"corvid/internal/cost"
	"corvid/internal/event"
	"corvid/internal/provider"
)

// Frame types and subtypes as they appear on the wire.
const (
	TypeSystem      = "system"
	TypeAssistant   = "assistant"
	TypeUser        = "user"
	TypeStreamEvent = "stream_event"
	TypeResult      = "result"

	SubtypeInit            = "init"
	SubtypeAPIRetry        = "api_retry"
	SubtypeInformational   = "informational"
	SubtypeCompactBoundary = "compact_boundary"
	SubtypeStatus          = "status"
	SubtypePermissionDeny  = "permission_denied"
)

// InitFrame is system/init: what the session runs with.
type InitFrame struct {
	Type              string      `json:"type"`
	Subtype           string      `json:"subtype"`
	Cwd               string      `json:"cwd"`
	SessionID         string      `json:"session_id"`
	Tools             []string    `json:"tools"`
	MCPServers        []MCPServer `json:"mcp_servers"`
	Model             string      `json:"model"`
	PermissionMode    string      `json:"permissionMode"`
	SlashCommands     []string    `json:"slash_commands"`
	APIKeySource      string      `json:"apiKeySource"`
	ClaudeCodeVersion string      `json:"claude_code_version"`
	OutputStyle       string      `json:"output_style"`
	Agents            []string    `json:"agents"`
	Skills            []string    `json:"skills"`
	Plugins           []Plugin    `json:"plugins"`
	UUID              string      `json:"uuid"`
}

// MCPServer is one entry of InitFrame.MCPServers.
type MCPServer struct {
	Name   string `json:"name"`
	Status string `json:"status"`
	Source string `json:"source,omitempty"`
}

// Plugin is one entry of InitFrame.Plugins.
type Plugin struct {
	Name string `json:"name"`
	Path string `json:"path"`
}

// AssistantFrame carries one completed assistant content block.
type AssistantFrame struct {
	Type            string     `json:"type"`
	Message         APIMessage `json:"message"`
	ParentToolUseID *string    `json:"parent_tool_use_id"`
	SessionID       string     `json:"session_id"`
	UUID            string     `json:"uuid"`
	Timestamp       string     `json:"timestamp"`
	// Error names the failure on synthetic API-error messages.
	Error string `json:"error,omitempty"`
	// Aborted marks a block cut by an interrupt (what had streamed).
	Aborted bool `json:"aborted,omitempty"`
}

// APIMessage is a Messages-API message holding one block; stop_reason and
// stop_sequence are always null (the result frame carries the stop reason).
type APIMessage struct {
	ID           string           `json:"id"`
	Type         string           `json:"type"`
	Role         provider.Role    `json:"role"`
	Model        string           `json:"model"`
	Content      []provider.Block `json:"content"`
	StopReason   *string          `json:"stop_reason"`
	StopSequence *string          `json:"stop_sequence"`
	Usage        MessageUsage     `json:"usage"`
	// ContextManagement is always null: corvid asks for no server-side
	// context edits.
	ContextManagement *struct{} `json:"context_management"`
}

// MessageUsage is the usage object of an assistant message.
type MessageUsage struct {
	InputTokens              int           `json:"input_tokens"`
	CacheCreationInputTokens int           `json:"cache_creation_input_tokens"`
	CacheReadInputTokens     int           `json:"cache_read_input_tokens"`
	CacheCreation            CacheCreation `json:"cache_creation"`
	OutputTokens             int           `json:"output_tokens"`
	ServiceTier              string        `json:"service_tier"`
}

// CacheCreation splits cache writes by time to live.
type CacheCreation struct {
	Ephemeral5mInputTokens int `json:"ephemeral_5m_input_tokens"`
	Ephemeral1hInputTokens int `json:"ephemeral_1h_input_tokens"`
}

// UserFrame carries one tool result back to the model, or a text message
// corvid added for the user (an interrupt's marker).
type UserFrame struct {
	Type            string           `json:"type"`
	Message         provider.Message `json:"message"`
	ParentToolUseID *string          `json:"parent_tool_use_id"`
	SessionID       string           `json:"session_id"`
	UUID            string           `json:"uuid"`
	Timestamp       string           `json:"timestamp"`
	// ToolUseResult is the tool's structured output, or the result's text
	// when it has none; absent on text messages.
	ToolUseResult any `json:"tool_use_result,omitempty"`
}

// StreamEventFrame wraps one streamed event, in the Messages API's shape.
type StreamEventFrame struct {
	Type            string  `json:"type"`
	Event           any     `json:"event"`
	SessionID       string  `json:"session_id"`
	ParentToolUseID *string `json:"parent_tool_use_id"`
	UUID            string  `json:"uuid"`
}

// RetryFrame is system/api_retry.
type RetryFrame struct {
	Type         string `json:"type"`
	Subtype      string `json:"subtype"`
	Attempt      int    `json:"attempt"`
	MaxRetries   int    `json:"max_retries"`
	RetryDelayMS int64  `json:"retry_delay_ms"`
	// ErrorStatus is the HTTP status, null when the request got none.
	ErrorStatus *int   `json:"error_status"`
	Error       string `json:"error"`
	SessionID   string `json:"session_id"`
	UUID        string `json:"uuid"`
}

// InformationalFrame is system/informational: a banner or notice (a model
// fallback, a continuation). Content and level follow Claude Code's
// informational system messages.
type InformationalFrame struct {
	Type      string `json:"type"`
	Subtype   string `json:"subtype"`
	Content   string `json:"content"`
	Level     string `json:"level"`
	SessionID string `json:"session_id"`
	UUID      string `json:"uuid"`
}

// ResultFrame closes a turn.
type ResultFrame struct {
	Type          string `json:"type"`
	Subtype       string `json:"subtype"`
	IsError       bool   `json:"is_error"`
	DurationMS    int64  `json:"duration_ms"`
	DurationAPIMS int64  `json:"duration_api_ms"`
	NumTurns      int    `json:"num_turns"`
	// Result is the final text; present for the success subtype only.
	Result            *string                    `json:"result,omitempty"`
	StopReason        *string                    `json:"stop_reason"`
	SessionID         string                     `json:"session_id"`
	TotalCostUSD      float64                    `json:"total_cost_usd"`
	Usage             ResultUsage                `json:"usage"`
	ModelUsage        map[string]cost.ModelUsage `json:"modelUsage"`
	PermissionDenials []event.Denial             `json:"permission_denials"`
	TerminalReason    string                     `json:"terminal_reason,omitempty"`
	// CorvidTerminalReason is a reason of corvid's own that Claude Code's
	// terminal_reason values have no word for.
	CorvidTerminalReason string `json:"corvid_terminal_reason,omitempty"`
	// APIErrorStatus is the HTTP status of the API error that ended the
	// turn: null on other success-subtype results, absent on the error
	// subtypes, as Claude Code writes it.
	APIErrorStatus json.RawMessage `json:"api_error_status,omitempty"`
	// StructuredOutput is the validated output of --json-schema.
	StructuredOutput json.RawMessage `json:"structured_output,omitempty"`
	// Errors is present (possibly empty) for the error subtypes only.
	Errors []string `json:"errors,omitzero"`
	UUID   string   `json:"uuid"`
}

// ResultUsage is the run's total usage in a result frame.
type ResultUsage struct {
	InputTokens              int           `json:"input_tokens"`
	CacheCreationInputTokens int           `json:"cache_creation_input_tokens"`
	CacheReadInputTokens     int           `json:"cache_read_input_tokens"`
	OutputTokens             int           `json:"output_tokens"`
	ServerToolUse            ServerToolUse `json:"server_tool_use"`
	ServiceTier              string        `json:"service_tier"`
	CacheCreation            CacheCreation `json:"cache_creation"`
}

// ServerToolUse counts server-side tool requests.
type ServerToolUse struct {
	WebSearchRequests int `json:"web_search_requests"`
	WebFetchRequests  int `json:"web_fetch_requests"`
}

// CompactFrame is system/compact_boundary: the conversation was compacted.
type CompactFrame struct {
	Type      string          `json:"type"`
	Subtype   string          `json:"subtype"`
	SessionID string          `json:"session_id"`
	UUID      string          `json:"uuid"`
	Metadata  CompactMetadata `json:"compact_metadata"`
}

// CompactMetadata says why and from what size a compaction ran.
type CompactMetadata struct {
	Trigger   string `json:"trigger"`
	PreTokens int    `json:"pre_tokens"`
}
