package host

import (
	"context"
	"encoding/json"
	"io"

	"corvid/internal/event"
	"corvid/internal/hook"
	"corvid/internal/mcp"
	"corvid/internal/permission"
	"corvid/internal/provider"
	"corvid/internal/sdk"
)

// Conversation is what the host drives (app.Conversation in corvid).
type Conversation interface {
	Submit(ctx context.Context, prompt []provider.Block) event.Result
	Interrupt()
	SetPermissionMode(m permission.Mode) error
	SetModel(name string) error
	SetMaxThinkingTokens(n int)
	Info() event.Init
	Close()
}

// Setup is what the host hands to Open: where events go, and what the
// host's initialize asked for.
type Setup struct {
	Sink event.Sink
	// Asker asks the host about calls (nil without PromptTool).
	Asker permission.Asker
	// Hooks are the hooks the host registered (nil: none).
	Hooks *hook.Set
	// SystemPrompt replaces the default prompt when HasSystemPrompt ("":
	// the minimal SDK prompt); AppendSystemPrompt is added to it.
	SystemPrompt       string
	HasSystemPrompt    bool
	AppendSystemPrompt string
	// JSONSchema is initialize's jsonSchema (structured output).
	JSONSchema json.RawMessage
	// MCP carries messages to and from the host's in-process MCP
	// servers (mcp_message): those initialize names in SDKMCPServers and
	// the --mcp-config entries of type "sdk".
	MCP           mcp.SDKBridge
	SDKMCPServers []string
	// AgentsJSON is initialize's agents (sub-agent definitions by name),
	// as JSON; "" for none.
	AgentsJSON string
}

// Options configure Run.
type Options struct {
	In          io.Reader
	Out, Stderr io.Writer
	Render      sdk.Options
	// PromptTool sends permission prompts to the host
	// (--permission-prompt-tool stdio).
	PromptTool bool
	// ReplayUserMessages echoes each user message back as a user frame
	// with isReplay:true, after its turn's init (--replay-user-messages).
	ReplayUserMessages bool
	// SessionStates chooses the system/session_state_changed frames.
	SessionStates SessionStates
	// Open opens the conversation; Run calls it once, after initialize or
	// at the first message.
	Open func(ctx context.Context, s Setup) (Conversation, error)
	// APIKeySource is reported in initialize's account.
	APIKeySource string
	// MaxLine caps one input line (DefaultMaxLine when zero).
	MaxLine int
}

// DefaultMaxLine is the longest input line accepted: a message with a
// 10 MB content block fits.
const DefaultMaxLine = 32 << 20
