package session

import (
	"encoding/json"

	"corvid/internal/provider"
)

// MaxEntryBytes caps one line of a transcript. The Writer refuses a larger
// entry and the loader skips a larger line.
const MaxEntryBytes = 64 << 20

// Meta is repeated in every entry: which session wrote it, where and with
// which build.
type Meta struct {
	SessionID  string
	Cwd        string
	Version    string
	GitBranch  string
	Entrypoint string // "cli", "sdk-cli", ...
	// Sidechain and AgentID mark a sub-agent's transcript
	// (isSidechain, agentId).
	Sidechain bool
	AgentID   string
}

// UserOptions qualify a user entry.
type UserOptions struct {
	// IsMeta marks text corvid injected (reminders, hook context) rather
	// than words the user typed.
	IsMeta bool
	// IsCompactSummary marks the summary that replaces a compacted history.
	IsCompactSummary bool
	PermissionMode   string
	PromptID         string
}

// AssistantEntry is one closed content block of an assistant response.
// Blocks of one response share MessageID.
type AssistantEntry struct {
	MessageID  string
	Model      string
	Block      provider.Block
	StopReason string // "" is written as null
	Usage      provider.Usage
	RequestID  string
	// APIError marks a synthetic message standing for a failed request; it
	// is written with model "<synthetic>" and left out of loaded histories.
	APIError bool
}

// syntheticModel is the model name of synthetic API-error messages.
const syntheticModel = "<synthetic>"

// Entry type names.
const (
	typeUser      = "user"
	typeAssistant = "assistant"
	typeSystem    = "system"
	typeCostState = "cost-state"
)

// body is the part of an entry the Writer encodes before taking its lock;
// the chain fields (parentUuid, logicalParentUuid, uuid) and the
// timestamp are added when the line is written.
type body struct {
	IsSidechain             bool             `json:"isSidechain"`
	AgentID                 string           `json:"agentId,omitempty"`
	UserType                string           `json:"userType"`
	Cwd                     string           `json:"cwd"`
	SessionID               string           `json:"sessionId"`
	Version                 string           `json:"version"`
	GitBranch               string           `json:"gitBranch"`
	Entrypoint              string           `json:"entrypoint,omitempty"`
	Type                    string           `json:"type"`
	Subtype                 string           `json:"subtype,omitempty"`
	Content                 string           `json:"content,omitempty"`
	Level                   string           `json:"level,omitempty"`
	CompactMetadata         *compactMetadata `json:"compactMetadata,omitempty"`
	Message                 any              `json:"-"` // spliced in by encode
	RequestID               string           `json:"requestId,omitempty"`
	IsMeta                  bool             `json:"isMeta,omitempty"`
	IsCompactSummary        bool             `json:"isCompactSummary,omitempty"`
	IsAPIErrorMessage       bool             `json:"isApiErrorMessage,omitempty"`
	ToolUseResult           json.RawMessage  `json:"-"` // spliced in by encode
	SourceToolAssistantUUID string           `json:"sourceToolAssistantUUID,omitempty"`
	PermissionMode          string           `json:"permissionMode,omitempty"`
	PromptID                string           `json:"promptId,omitempty"`
}

type compactMetadata struct {
	Trigger   string `json:"trigger"`
	PreTokens int    `json:"preTokens"`
}

// assistantMessage is the Messages-API message of one assistant entry.
type assistantMessage struct {
	ID           string            `json:"id"`
	Type         string            `json:"type"`
	Role         provider.Role     `json:"role"`
	Model        string            `json:"model"`
	Content      [1]provider.Block `json:"content"`
	StopReason   *string           `json:"stop_reason"`
	StopSequence *string           `json:"stop_sequence"`
	Usage        provider.Usage    `json:"usage"`
}

// costEntry is a cost-state entry; it is not part of the chain.
type costEntry struct {
	Type      string `json:"type"`
	SessionID string `json:"sessionId"`
	CostState any    `json:"costState"`
}
