// Package event defines what the engine reports while it works: the typed
// events that the front ends (headless stream-json, json and text output,
// the SDK host, the terminal UI) render. The engine publishes to a Sink in
// order; between the engine and the front ends, package broker serialises
// delivery to each subscriber. Streaming events (stream.go) are
// provider-neutral: stream-json re-encodes them, whatever the provider.
//
// It imports only contract packages.
package event

import (
	"encoding/json"
	"time"

	"corvid/internal/cost"
	"corvid/internal/provider"
	"corvid/internal/tool"
)

// Event is one of the types of this package. Every event embeds an
// Origin: which conversation (the main one or a sub-agent) published it.
type Event interface {
	isEvent()
	Source() Origin
	withOrigin(Origin) Event
}

// Sink receives events in order.
type Sink func(Event)

// Init opens a turn (stream-json system/init).
type Init struct {
	Origin
	SessionID      string
	Cwd            string
	Model          string
	Tools          []string
	PermissionMode string
	APIKeySource   string
	// SlashCommands are the commands a prompt may start with.
	SlashCommands []string
	// Agents are the sub-agent types the Agent tool can launch;
	// AgentTypes describe them (in the same order) for /agents.
	Agents     []string
	AgentTypes []AgentType
	// Commands describe the custom commands and skills a prompt may
	// start with (initialize's commands); Skills names the skills;
	// OutputStyle is the output style in use ("" reads as default).
	Commands    []Command
	Skills      []string
	OutputStyle string
	// MCPServers are the configured MCP servers and their state.
	MCPServers []MCPServer
	// Hooks are the settings hooks in effect (the interface's /hooks;
	// no frame carries them).
	Hooks []HookConfig
}

// Command is one custom command or skill as SDK hosts see it.
type Command struct {
	Name, Description, ArgumentHint string
}

// AgentType is one sub-agent type: its description and where it is
// defined (built-in, --agents or a file's path).
type AgentType struct {
	Name, Description, Source string
}

// MCPServer is one MCP server's state in Init.
type MCPServer struct {
	Name   string
	Status string // connected, failed, pending, disabled, needs-auth
	Source string // its scope: user, project, local or dynamic (--mcp-config)
	Error  string // why it is not connected
}

// Assistant is one completed assistant content block. Blocks of one API
// response share MessageID.
type Assistant struct {
	Origin
	UUID      string
	MessageID string
	Model     string
	Block     provider.Block
	Usage     provider.Usage
	// Error is set on synthetic messages that report an API failure
	// (authentication_failed, rate_limit, …); Model is then "<synthetic>".
	Error string
	// Aborted marks the part of a block that had streamed when an
	// interrupt cut the response.
	Aborted bool
}

// ToolResult is one tool_result, sent back to the model.
type ToolResult struct {
	Origin
	UUID       string
	ToolUseID  string
	Block      provider.Block
	Structured any
}

// ToolProgress is intermediate output of a running tool.
type ToolProgress struct {
	Origin
	ToolUseID string
	ToolName  string
	Progress  tool.Progress
	Elapsed   time.Duration
}

// Retry announces that a request failed and will be sent again
// (stream-json system/api_retry).
type Retry struct {
	Origin
	Attempt    int
	MaxRetries int
	Delay      time.Duration
	Status     int // HTTP status, 0 when none
	Category   string
	Message    string
}

// Notice is an informational line (a model fallback, a continuation).
type Notice struct {
	Origin
	Text string
}

// Denial records a tool call the permission gate refused.
type Denial struct {
	ToolName  string          `json:"tool_name"`
	ToolUseID string          `json:"tool_use_id"`
	ToolInput json.RawMessage `json:"tool_input"`
}

// Result closes a turn. Exactly one is published per Submit.
type Result struct {
	Origin
	Subtype        string // success, error_max_turns, error_max_budget_usd, error_during_execution
	IsError        bool
	Text           string
	Errors         []string
	NumTurns       int
	Duration       time.Duration
	DurationAPI    time.Duration
	StopReason     string
	TotalCostUSD   float64
	Usage          provider.Usage
	ModelUsage     map[string]cost.ModelUsage
	Denials        []Denial
	TerminalReason string
	APIErrorStatus int
	SessionID      string
	// StructuredOutput is the validated output of --json-schema.
	StructuredOutput json.RawMessage
}

// Compacted reports that the conversation was compacted: its history
// was replaced by a summary (plus what had to survive) before the next
// request. Trigger is "auto" or "manual"; PreTokens is the context size
// before.
type Compacted struct {
	Origin
	Trigger   string
	PreTokens int
}

func (Compacted) isEvent()    {}
func (Init) isEvent()         {}
func (Assistant) isEvent()    {}
func (ToolResult) isEvent()   {}
func (ToolProgress) isEvent() {}
func (Retry) isEvent()        {}
func (Notice) isEvent()       {}
func (Result) isEvent()       {}

// Result subtypes.
const (
	SubtypeSuccess         = "success"
	SubtypeMaxTurns        = "error_max_turns"
	SubtypeMaxBudget       = "error_max_budget_usd"
	SubtypeDuringExecution = "error_during_execution"
	// SubtypeMaxStructuredOutputRetries ends a turn whose model did not
	// give a valid structured output in time (--json-schema).
	SubtypeMaxStructuredOutputRetries = "error_max_structured_output_retries"
)
