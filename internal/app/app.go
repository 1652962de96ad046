// Package app is corvid's composition root: from the parsed command line
// and the environment it builds the provider, the tool registry, the
// permission gate and the engine, runs a prompt and reports through an
// event sink. Only cli imports it.
package app

import (
	"encoding/json"
	"io"

	"corvid/internal/event"
	"corvid/internal/hook"
	"corvid/internal/mcp"
	"corvid/internal/permission"
)

// Options is everything the command line decided.
type Options struct {
	Prompt string

	Model          string
	FallbackModels []string
	MaxTurns       int
	MaxBudgetUSD   float64
	// MaxThinkingTokens is --max-thinking-tokens when HasMaxThinkingTokens
	// (0 turns thinking off where the model takes a budget); Effort is
	// --effort ("" for none given).
	MaxThinkingTokens    int
	HasMaxThinkingTokens bool
	Effort               string

	SystemPrompt       string
	HasSystemPrompt    bool // --system-prompt given (even empty)
	AppendSystemPrompt string

	PermissionMode  string
	AllowedTools    []string
	DisallowedTools []string
	SettingsFlag    string
	// SettingSources limits the filesystem settings layers (user,
	// project, local) when HasSettingSources is set.
	SettingSources    []string
	HasSettingSources bool
	// Tools restricts the built-in tools to these names when HasTools is
	// set (--tools; an empty list offers none). "--tools default" leaves
	// HasTools false.
	Tools    []string
	HasTools bool
	// AdditionalDirs are extra working directories (--add-dir).
	AdditionalDirs []string

	// SessionID is the new session's id (--session-id); empty: generate.
	SessionID string
	// Continue resumes the most recent conversation of the working
	// directory (-c); Resume the one with this id or id prefix (-r ID).
	// ForkSession records the resumed conversation under a new id.
	Continue    bool
	Resume      string
	ForkSession bool
	// NoSessionPersistence asks for no transcript (--no-session-persistence).
	NoSessionPersistence bool
	// Debug is the --debug filter: "" off, "all" everything, or a list
	// such as "api,hooks".
	Debug string

	Cwd string
	// Getenv reads the environment (os.Getenv in production).
	Getenv func(string) string
	// Stderr receives warnings.
	Stderr io.Writer
	// Sink receives the run's events, ending with exactly one
	// event.Result.
	Sink event.Sink
	// Interrupt, when closed, interrupts the run softly (a first Ctrl-C):
	// tools that block on interrupt finish. Cancelling Run's context is the
	// hard stop.
	Interrupt <-chan struct{}
	// PartialMessages asks for the streaming events (event.Delta and the
	// others of event/stream.go).
	PartialMessages bool
	// CoalesceDeltas lets consecutive text deltas that Sink falls behind
	// on reach it merged (a terminal UI; stream-json wants every one).
	CoalesceDeltas bool
	// IncludeHookEvents asks for an event.HookStarted and an
	// event.HookResponse around every settings hook run
	// (--include-hook-events).
	IncludeHookEvents bool

	// Asker answers permission prompts (a host with
	// --permission-prompt-tool stdio); nil: an "ask" is refused.
	Asker permission.Asker
	// Hooks are hooks a host registered; nil: none.
	Hooks *hook.Set
	// JSONSchema asks for a structured output matching it (--json-schema).
	JSONSchema json.RawMessage
	// AgentsJSON is --agents: sub-agent definitions by name.
	AgentsJSON string

	// MCPConfig are the --mcp-config values (JSON strings or files);
	// StrictMCPConfig uses only them (--strict-mcp-config).
	MCPConfig       []string
	StrictMCPConfig bool
	// SDKMCP serves the MCP servers of type "sdk" (an Agent SDK host's
	// in-process servers); SDKMCPServers are the ones the host named in
	// initialize. Nil: such servers fail with a reason.
	SDKMCP        mcp.SDKBridge
	SDKMCPServers []string
	// PermissionPromptTool is --permission-prompt-tool mcp__server__tool:
	// the MCP tool that answers permission questions ("": none).
	PermissionPromptTool string
}
