package engine

import (
	"context"
	"fmt"
	"time"

	"corvid/internal/event"
	"corvid/internal/executor"
	"corvid/internal/model"
	"corvid/internal/permission"
	"corvid/internal/provider"
)

// Hooks are the hook points of a conversation, in Claude Code's terms.
// The engine calls them at each event; *hook.Set implements them. The
// tool hook points (PreToolUse, PostToolUse, PostToolUseFailure) run as
// a middleware of the executor's pipeline; the front end calls
// PermissionRequest and Notification from its permission asker and
// SessionEnd through End.
type Hooks interface {
	executor.Hooks
	executor.FailureHooks
	// UserPromptSubmit runs before a prompt reaches the model; a block
	// keeps it from the model and tells the user why.
	UserPromptSubmit(ctx context.Context, prompt string) (blocked bool, reason string)
	// Stop runs when the model ends its turn on its own; a non-empty
	// answer is its next instruction. active is set when a Stop hook
	// already kept this turn going.
	Stop(ctx context.Context, lastText string, active bool) string
	// SessionStart runs before the first turn (source startup or resume)
	// and after each compaction (source compact).
	SessionStart(ctx context.Context, source, model string)
	// SessionEnd runs when the conversation closes.
	SessionEnd(ctx context.Context, reason string)
	// PreCompact may refuse a compaction (an error) or add instructions
	// for its summary; PostCompact is told the summary.
	PreCompact(ctx context.Context, trigger, instructions string) ([]string, error)
	PostCompact(ctx context.Context, trigger, summary string)
	// PermissionRequest may answer a permission question before anyone is
	// asked (decided false: ask as usual).
	PermissionRequest(ctx context.Context, q permission.Question) (ans permission.Answer, decided bool)
	// Notification tells of something the user should see (a permission
	// prompt, an idle prompt).
	Notification(ctx context.Context, kind, message, title string)
}

// Session sources, as SessionStart hooks are told them.
const (
	SourceStartup = "startup"
	SourceResume  = "resume"
	SourceCompact = "compact"
)

// DefaultStopBlockCap is how many Stop hook blocks in a row end a turn
// anyway (Claude Code's cap, CLAUDE_CODE_STOP_HOOK_BLOCK_CAP): the blocks
// before it keep the turn going, the one that reaches it is overridden.
const DefaultStopBlockCap = 9

// startSession fires SessionStart once, before the conversation's first
// turn.
func (e *Engine) startSession(ctx context.Context, m model.Info) {
	e.mu.Lock()
	started := e.started
	e.started = true
	e.mu.Unlock()
	if started {
		return
	}
	source := e.state.SessionSource
	if source == "" {
		source = SourceStartup
	}
	e.hooks.SessionStart(ctx, source, m.ID)
}

// End fires the SessionEnd hooks with reason, once, if the session
// started (SessionStart fired): the front end calls it when the
// conversation closes. ctx bounds how long the hooks may run.
func (e *Engine) End(ctx context.Context, reason string) {
	e.mu.Lock()
	fire := e.started && !e.ended
	e.ended = true
	e.mu.Unlock()
	if fire {
		e.hooks.SessionEnd(ctx, reason)
	}
}

// promptRefused ends a turn whose prompt a UserPromptSubmit hook blocked,
// as Claude Code does (testdata/claudecode/hooks/prompt-blocked.jsonl):
// the prompt never reaches the model or the conversation, the user is
// told why in a notice, and the result is a success without turns whose
// text says the same.
func (e *Engine) promptRefused(start time.Time, reason, prompt string) event.Result {
	text := "UserPromptSubmit operation blocked by hook:\n" + reason + "\n\n\nOriginal prompt: " + prompt
	e.publish(event.Notice{Text: text})
	res := event.Result{Subtype: event.SubtypeSuccess, Text: text, TerminalReason: "hook_stopped"}
	e.finish(&res, start, 0)
	e.publish(res)
	return res
}

// stopBlocked asks the Stop hooks whether the model must go on; a block's
// reason becomes the model's next instruction. The block that reaches the
// cap is overridden: the turn ends with a note saying so, as Claude Code
// does (testdata/claudecode/hooks).
func (r *run) stopBlocked(ctx context.Context) bool {
	reason := r.e.hooks.Stop(ctx, r.lastText, r.stopBlocks > 0)
	if reason == "" || ctx.Err() != nil {
		return false
	}
	r.stopBlocks++
	limit := r.pol.StopBlockCap
	if limit <= 0 {
		limit = DefaultStopBlockCap
	}
	if r.stopBlocks >= limit {
		note := fmt.Sprintf("A hook blocked the turn from ending %d consecutive times; overriding it and ending "+
			"the turn. Stop and SubagentStop hooks should check stop_hook_active and let the turn end while it "+
			"is true; CLAUDE_CODE_STOP_HOOK_BLOCK_CAP raises this limit.", limit)
		r.e.publish(event.Notice{Text: note})
		r.e.rec.Note("stop_hook_limit", note)
		return false
	}
	r.e.appendUser([]provider.Block{provider.TextBlock("Stop hook feedback:\n" + reason)}, true)
	return true
}

// PromptText is the text of a prompt's text blocks, as hooks are told it.
func PromptText(blocks []provider.Block) string {
	var out string
	for _, b := range blocks {
		if b.Type == provider.BlockText {
			if out != "" {
				out += "\n"
			}
			out += b.Text
		}
	}
	return out
}
