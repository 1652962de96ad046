package tool

import (
	"context"
	"encoding/json"
)

// Tool is one capability the model may call.
type Tool interface {
	// Name is the exact name used by the model, permission rules and hooks.
	Name() string
	// Aliases are older names still accepted from the model.
	Aliases() []string
	// Description is the model-facing description.
	Description() string
	// InputSchema is the JSON Schema of the input object.
	InputSchema() json.RawMessage

	// ValidateInput checks input beyond its schema (after schema
	// validation passed). A non-nil error is shown to the model.
	ValidateInput(ctx context.Context, input json.RawMessage) error
	// CheckPermissions is the tool's own view of whether this input may
	// run; the permission engine combines it with rules and modes.
	CheckPermissions(ctx context.Context, input json.RawMessage) PermissionResult

	IsReadOnly(input json.RawMessage) bool
	IsConcurrencySafe(input json.RawMessage) bool
	IsDestructive(input json.RawMessage) bool
	// InterruptBehavior says what a user interrupt does to a running call.
	InterruptBehavior() InterruptBehavior
	// AbortsSiblingsOnError reports whether an error result from this tool
	// cancels the other tools of the same message (Bash: a failed command
	// usually makes its parallel siblings pointless).
	AbortsSiblingsOnError() bool

	// Call runs the tool. Progress may be nil.
	Call(ctx context.Context, call Call) (*Result, error)
}

// InterruptBehavior is what a user interrupt does to a running call.
type InterruptBehavior int

const (
	// Block lets the call finish; the interrupt takes effect after it.
	Block InterruptBehavior = iota
	// Cancel cancels the call's context.
	Cancel
)

func (b InterruptBehavior) String() string {
	if b == Cancel {
		return "cancel"
	}
	return "block"
}

// Call is one invocation.
type Call struct {
	// ID is the tool_use id.
	ID    string
	Input json.RawMessage
	// Env is the conversation state the call runs in.
	Env Env
	// Progress reports intermediate output; it is never nil.
	Progress func(Progress)
}

// Env is the conversation state a tool call sees. A tool that changes it
// returns a Modifier in its result; modifiers apply only for tools that are
// not concurrency-safe, in the order their calls arrived.
type Env struct {
	// WorkDir is the current working directory of the conversation.
	WorkDir string
	// ProjectDir is the directory the conversation started in.
	ProjectDir string
	// Dirs are the directories tools may work in: the project directory
	// and any added ones. Read-only: tools must not modify the slice.
	Dirs []string
	// SessionID identifies the conversation.
	SessionID string
	// SessionDir is where tools keep per-session files (spilled output,
	// background shell logs); it may not exist yet.
	SessionDir string
}

// Progress is one intermediate report from a running call.
type Progress struct {
	// Message is a short human-readable line (a line of command output,
	// "Reading foo.go…").
	Message string
	// Data is tool-specific structured progress.
	Data any
}

// PermissionBehavior is a tool's or the permission engine's verdict.
type PermissionBehavior string

// Permission verdicts.
const (
	PermissionAllow       PermissionBehavior = "allow"
	PermissionDeny        PermissionBehavior = "deny"
	PermissionAsk         PermissionBehavior = "ask"
	PermissionPassthrough PermissionBehavior = "passthrough"
)

// PermissionResult is a tool's own permission verdict for one input.
type PermissionResult struct {
	Behavior PermissionBehavior
	Message  string
	// UpdatedInput replaces the input when non-nil.
	UpdatedInput json.RawMessage
}

// Base gives a tool the fail-closed defaults: no aliases, no extra
// validation, no opinion on permissions, not read-only, not
// concurrency-safe, not destructive, Block on interrupt, no sibling abort.
// Embed it and override what the tool knows better.
type Base struct{}

func (Base) Aliases() []string                                    { return nil }
func (Base) ValidateInput(context.Context, json.RawMessage) error { return nil }
func (Base) IsReadOnly(json.RawMessage) bool                      { return false }
func (Base) IsConcurrencySafe(json.RawMessage) bool               { return false }
func (Base) IsDestructive(json.RawMessage) bool                   { return false }
func (Base) InterruptBehavior() InterruptBehavior                 { return Block }
func (Base) AbortsSiblingsOnError() bool                          { return false }
func (Base) CheckPermissions(context.Context, json.RawMessage) PermissionResult {
	return PermissionResult{Behavior: PermissionPassthrough}
}
