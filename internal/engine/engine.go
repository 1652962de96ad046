package engine

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"corvid/internal/cost"
	"corvid/internal/event"
	"corvid/internal/executor"
	"corvid/internal/permission"
	"corvid/internal/provider"
	"corvid/internal/tool"
)

// Engine is one conversation. Submit must not be called concurrently.
type Engine struct {
	deps     Deps
	state    State
	pipeline *executor.Pipeline
	messages []provider.Message
	costs    *cost.Tracker
	env      tool.Env
	// tools is the snapshot of deps.Tools the current request was built
	// with: tools added or removed meanwhile count from the next one.
	tools atomic.Pointer[tool.Registry]

	rec   Recorder
	hooks Hooks // never nil: noHooks when none are configured
	// lastUsage is the usage of the latest response: the size of the
	// context, for the compaction threshold.
	lastUsage provider.Usage

	mu        sync.Mutex // guards policy, denials (calls run concurrently) and interrupt
	policy    Policy     // replaced whole by UpdatePolicy; a turn keeps its copy
	denials   []event.Denial
	interrupt context.CancelCauseFunc // the running turn's; nil between turns
	pending   bool                    // Interrupt arrived before the turn began
	prompts   []promptMark            // what Rewind can go back to (rewind.go)
	promptSeq int
	started   bool // SessionStart fired
	ended     bool // End was called
}

// Interrupt interrupts the running turn the way a user does: calls that
// cancel on interrupt stop, calls that block finish, the turn ends with an
// error result and every tool_use still gets its tool_result. It is safe
// to call from any goroutine. Cancelling Submit's context instead is a
// hard stop that cancels every call.
func (e *Engine) Interrupt() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.interrupt != nil {
		e.interrupt(executor.ErrInterrupted)
		return
	}
	e.pending = true
}

// beginTurn derives the turn's context from the hard one and arms
// Interrupt for it.
func (e *Engine) beginTurn(hard context.Context) (context.Context, context.CancelCauseFunc) {
	ctx, cancel := context.WithCancelCause(hard)
	e.mu.Lock()
	defer e.mu.Unlock()
	e.interrupt = cancel
	if e.pending {
		e.pending = false
		cancel(executor.ErrInterrupted)
	}
	return ctx, cancel
}

// ForgetInterrupt drops an interrupt that arrived when no turn ran, so
// that it does not stop the next one (a front end whose interrupts apply
// to the running turn only).
func (e *Engine) ForgetInterrupt() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.pending = false
}

func (e *Engine) endTurn() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.interrupt = nil
}

// New returns an engine for a new conversation.
func New(cfg Config) *Engine {
	if cfg.Permission == nil {
		cfg.Permission = permission.AllowAll{}
	}
	if cfg.Sink == nil {
		cfg.Sink = func(event.Event) {}
	}
	if cfg.Costs == nil {
		cfg.Costs = &cost.Tracker{}
	}
	if cfg.Transcript == nil {
		cfg.Transcript = nopRecorder{}
	}
	e := &Engine{deps: cfg.Deps, state: cfg.State, policy: cfg.Policy.clone(), costs: cfg.Costs,
		rec: cfg.Transcript, messages: append([]provider.Message(nil), cfg.History...),
		env: tool.Env{WorkDir: cfg.Cwd, ProjectDir: cfg.Cwd, Dirs: cfg.Dirs,
			SessionID: cfg.SessionID, SessionDir: cfg.SessionDir}}
	e.seedPrompts(cfg.Earlier)
	e.hooks = cfg.Hooks
	if e.hooks == nil {
		e.hooks = noHooks{}
	}
	e.pipeline = &executor.Pipeline{Permission: cfg.Permission, OnDenial: e.recordDenial, BeforeCall: cfg.BeforeCall}
	if cfg.Hooks != nil {
		e.pipeline.Hooks = cfg.Hooks
	}
	return e
}

func (e *Engine) recordDenial(t tool.Tool, c tool.Call, _ permission.Decision) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.denials = append(e.denials, event.Denial{ToolName: t.Name(), ToolUseID: c.ID, ToolInput: c.Input})
}

// Messages returns the conversation so far.
func (e *Engine) Messages() []provider.Message { return e.messages }

// Costs returns the conversation's cost tracker.
func (e *Engine) Costs() *cost.Tracker { return e.costs }

// Submit runs prompt to the end of the turn and returns the result, which
// is also published as the last event. Cancelling ctx stops the turn hard;
// see Interrupt for the soft stop.
func (e *Engine) Submit(hard context.Context, prompt string) event.Result {
	return e.SubmitBlocks(hard, []provider.Block{provider.TextBlock(prompt)})
}

// SubmitBlocks is Submit for a prompt of content blocks (text, images,
// documents).
func (e *Engine) SubmitBlocks(hard context.Context, prompt []provider.Block) event.Result {
	return e.SubmitAs(hard, PromptText(prompt), prompt)
}

// SubmitAs is SubmitBlocks for a prompt the front end expanded (a custom
// slash command): typed is what the user wrote, which UserPromptSubmit
// hooks are told; prompt is what the model gets.
func (e *Engine) SubmitAs(hard context.Context, typed string, prompt []provider.Block) event.Result {
	start := time.Now()
	ctx, cancel := e.beginTurn(hard)
	defer e.endTurn()
	defer cancel(context.Canceled)
	e.forgetHalt()
	pol := e.Policy()
	e.startSession(ctx, pol.Model)
	// As in Claude Code 2.1.332, the prompt's hooks run before init is
	// written (their frames come first).
	blocked, reason := e.hooks.UserPromptSubmit(ctx, typed)
	e.publishInit(pol)
	if blocked {
		return e.promptRefused(start, reason, typed)
	}
	e.notePrompt(typed, start)
	e.addPrompt(prompt)
	e.promptRecorded()
	r := &run{e: e, hard: hard, cancel: cancel, pol: pol, model: pol.Model, fallbacks: pol.FallbackModels, msgs: 1}
	res := r.loop(ctx)
	e.finish(&res, start, r.numTurns(res))
	e.publish(res)
	return res
}

// publishInit opens a turn run under pol with the init event, whose
// data is the front end's (State.Init).
func (e *Engine) publishInit(pol Policy) {
	if e.state.Init != nil {
		e.publish(e.state.Init(pol))
	}
}

// addPrompt appends the user's prompt, opening a new conversation with
// the opening reminders. After a resumed history that ends with a user
// message (results of an interrupted turn) the prompt joins that message,
// so roles keep alternating.
func (e *Engine) addPrompt(prompt []provider.Block) {
	if len(e.messages) == 0 && len(e.state.Opening) > 0 {
		e.appendUser(textBlocks(e.state.Opening), true)
	}
	e.appendUser(prompt, false)
}

// appendUser adds blocks to the conversation as user content, joining a
// trailing user message, and records them.
func (e *Engine) appendUser(blocks []provider.Block, meta bool) {
	e.rec.User(blocks, meta)
	if n := len(e.messages); n > 0 && e.messages[n-1].Role == provider.RoleUser {
		last := &e.messages[n-1]
		last.Content = append(last.Content[:len(last.Content):len(last.Content)], blocks...)
		return
	}
	e.messages = append(e.messages, provider.Message{Role: provider.RoleUser, Content: blocks})
}

func textBlocks(texts []string) []provider.Block {
	out := make([]provider.Block, len(texts))
	for i, t := range texts {
		out[i] = provider.TextBlock(t)
	}
	return out
}

func (e *Engine) finish(res *event.Result, start time.Time, turns int) {
	res.Duration = time.Since(start)
	e.costs.AddWallDuration(res.Duration)
	e.rec.Cost(e.costs.Snapshot())
	e.rec.Sync()
	e.reportRecordFailure(res)
	res.DurationAPI = e.costs.APIDuration()
	res.NumTurns = turns
	res.TotalCostUSD = e.costs.TotalUSD()
	res.Usage = e.costs.Usage()
	res.ModelUsage = e.costs.ModelUsage()
	e.mu.Lock()
	res.Denials = append([]event.Denial{}, e.denials...)
	e.mu.Unlock()
	res.SessionID = e.state.SessionID
}

func (e *Engine) publish(ev event.Event) { e.deps.Sink(ev) }

func newUUID() string { return uuid.NewString() }
