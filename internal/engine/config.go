package engine

import (
	"corvid/internal/compact"
	"corvid/internal/cost"
	"corvid/internal/event"
	"corvid/internal/model"
	"corvid/internal/permission"
	"corvid/internal/provider"
	"corvid/internal/tool"
)

// Config is what New needs, in three parts: the services the engine
// calls, the policy it runs under and the conversation's own state. The
// parts' fields are promoted, so cfg.Model reads cfg.Policy.Model.
type Config struct {
	Deps
	Policy
	State
}

// Deps are the services the engine calls. A sub-agent's engine is built
// from its parent's: the same provider, the parent's tools filtered, its
// permission narrowed, its hooks with SubagentStop for Stop, a cost
// tracker rolled up into the parent's and a sink that tags events with
// the parent's tool call.
type Deps struct {
	Provider provider.Provider
	// Tools is the live registry; each request offers a snapshot of it.
	Tools *tool.Registry
	// Permission decides each call (nil allows all); Hooks are the hook
	// points (nil: none).
	Permission permission.Checker
	Hooks      Hooks
	// Costs accumulates usage and money; nil starts a new tracker. Share
	// one with helpers that call models on the conversation's behalf
	// (WebFetch's summariser) so their spend counts too.
	Costs *cost.Tracker
	// Sink receives events in order; nil discards them.
	Sink event.Sink
	// BeforeCall, when set, is told about each call just before its tool
	// runs, after the permission check (executor.Pipeline.BeforeCall).
	BeforeCall func(t tool.Tool, call tool.Call)
}

// Policy is the limits and choices a conversation runs under. A host may
// change them while the conversation lives (Engine.UpdatePolicy); a turn
// runs under the policy in effect when it began.
type Policy struct {
	Model          model.Info
	FallbackModels []model.Info
	// MaxTokens overrides the model's default output budget when > 0.
	MaxTokens int
	// Reasoning is what each main request asks of extended thinking
	// (nil: none); the provider adapter fits it to the model.
	Reasoning *provider.Reasoning
	// MaxThinkingTokens, when > 0, replaces Reasoning's budget (a host's
	// set_max_thinking_tokens).
	MaxThinkingTokens int

	MaxTurns     int
	MaxBudgetUSD float64
	Retry        provider.RetryPolicy
	// BatchTools runs tools only after the whole response arrived (the
	// non-streaming path, kept for comparison); by default each tool starts
	// as its block closes.
	BatchTools     bool
	MaxConcurrency int
	// StopBlockCap is how many Stop hook blocks in a row end a turn
	// anyway (0: DefaultStopBlockCap).
	StopBlockCap int
	// Compaction configures automatic, reactive and manual compaction.
	Compaction Compaction
	// NoPromptCache places no cache breakpoints (DISABLE_PROMPT_CACHING).
	NoPromptCache bool
	// PartialMessages publishes raw stream events.
	PartialMessages bool
}

// State is one conversation's own: where it is, what was said, its
// prompt, its transcript and the queues that feed it. Nothing of it is
// shared: a sub-agent starts from a State of its own with only the
// parent's session and directories.
type State struct {
	SessionID string
	Cwd       string
	// Dirs are the working directories tools may use (Cwd first).
	Dirs []string
	// SessionDir is where tools keep per-session files.
	SessionDir string
	// SessionSource is what SessionStart hooks are told before the first
	// turn: startup (the default) or resume.
	SessionSource string
	// System is the system prompt, one text block per entry.
	System []string
	// History is the conversation so far when it is resumed (already
	// repaired); the next Submit continues it.
	History []provider.Message
	// PromptStarted, when set, is told the recorder's mark at each prompt
	// (its own entry) as its turn begins: the key of the prompt's file
	// checkpoints.
	PromptStarted func(mark any)
	// Earlier are the prompts of History that Rewind can go back to,
	// oldest first (they need a Transcript that is a Reloader).
	Earlier []EarlierPrompt
	// Opening are reminders put in front of the first prompt of a new
	// conversation (instruction files, date, git facts). They are kept by
	// compaction.
	Opening []string
	// Transcript records the conversation as it happens; nil records
	// nothing.
	Transcript Recorder
	// Reminders, when set, is asked before every request for notes to put
	// in front of the model (a background shell finished, say); each is
	// added to the last user message inside <system-reminder> tags.
	Reminders func() []string
	// Attachments, when set, is asked after Reminders for content to add
	// as it is (a skill's instructions after the Skill tool's result).
	Attachments func() []provider.Block
	// Carry, when set, returns what must survive a compaction besides the
	// opening reminders: the todo list, recently read files.
	Carry func() compact.Reinject
	// Structured, when set, makes the turn end with a structured output
	// (--json-schema).
	Structured *StructuredOutput
	// Init, when set, is the data of the init event that opens each turn:
	// the front end's live state (tools, commands, agents, mode…), built
	// by the front end, with turn the policy the turn runs under (so the
	// init reports the model its requests ask). nil publishes none (a
	// sub-agent's turns).
	Init func(turn Policy) event.Init
}
