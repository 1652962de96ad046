package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"corvid/internal/compact"
	"corvid/internal/event"
	"corvid/internal/model"
	"corvid/internal/provider"
)

// Compaction configures how a long conversation is kept within the
// model's context window.
type Compaction struct {
	Settings compact.Settings
	Micro    compact.MicroOptions
}

// Compaction triggers, as transcripts and compact_boundary frames name
// them.
const (
	TriggerAuto   = "auto"
	TriggerManual = "manual"
)

// autoCompact runs before a request whose context passed the threshold:
// first micro-compaction (old, large tool results cleared), then, if that
// was not enough, a full compaction. A failure leaves the history as it
// was; the request then goes ahead and may still succeed, or be caught by
// reactive compaction.
func (r *run) autoCompact(ctx context.Context) {
	e, set := r.e, r.pol.Compaction.Settings
	if set.Disabled || set.DisabledAll || !compact.Due(e.lastUsage, r.model, set) {
		return
	}
	pre := compact.Tokens(e.lastUsage)
	if msgs, freed := compact.Micro(e.messages, e.microOptions(r.pol.Compaction.Micro)); freed > 0 {
		e.messages = msgs
		e.rec.Note("microcompact", fmt.Sprintf("Cleared old tool results, about %d tokens", freed))
		e.lastUsage = provider.Usage{InputTokens: max(pre-freed, 0)}
		if !compact.Due(e.lastUsage, r.model, set) {
			return
		}
	}
	_ = e.compact(ctx, &r.pol, r.model, TriggerAuto, "", pre)
}

// reactiveCompact answers a "prompt is too long" error: compact once and
// let the caller retry the request.
func (r *run) reactiveCompact(ctx context.Context, err *provider.APIError) bool {
	if r.reacted || !err.PromptTooLong() || r.pol.Compaction.Settings.DisabledAll {
		return false
	}
	r.reacted = true
	pre := err.PromptTokens
	if pre == 0 {
		pre = compact.Tokens(r.e.lastUsage)
	}
	return r.e.compact(ctx, &r.pol, r.model, TriggerAuto, "", pre) == nil
}

// compact replaces the history with a summary and what must survive,
// asking m under pol.
func (e *Engine) compact(ctx context.Context, pol *Policy, m model.Info, trigger, focus string, pre int) error {
	extra, err := e.hooks.PreCompact(ctx, trigger, focus)
	if err != nil {
		e.publish(event.Notice{Text: "Compaction stopped by a PreCompact hook: " + err.Error()})
		return err
	}
	if pol.PartialMessages {
		e.publish(event.Status{Status: event.StatusCompacting})
	}
	carry := compact.Reinject{}
	if e.state.Carry != nil {
		carry = e.state.Carry()
	}
	// The opening reminders (instruction files, date, git) lead the new
	// history as they led the old one.
	carry.Instructions = strings.Join(e.state.Opening, "\n\n")
	cp := compact.Compactor{Provider: e.deps.Provider, Retry: pol.Retry,
		OnRetry: func(info *provider.RetryInfo) { e.publish(retryEvent(info)) }}
	start := time.Now()
	res, err := cp.Compact(ctx, compact.Request{Messages: e.messages, Focus: focus, Reinject: carry,
		Model: m, Extra: extra, Resume: trigger == TriggerAuto})
	took := time.Since(start)
	e.costs.AddAPIDuration(took, took)
	if res.Usage != (provider.Usage{}) {
		e.costs.Add(m.ID, res.Usage)
	}
	if err != nil {
		e.publish(event.Notice{Text: "Compaction failed: " + err.Error()})
		return err
	}
	e.messages = res.Messages
	e.lastUsage = provider.Usage{}
	e.forgetPrompts()
	e.rec.Compacted(trigger, pre, res.Messages, m.ID)
	e.rec.Sync()
	e.publish(event.Compacted{Trigger: trigger, PreTokens: pre})
	e.hooks.PostCompact(ctx, trigger, res.Summary)
	// The conversation goes on from the summary: a session that starts
	// again, whose hooks may add their context anew.
	e.hooks.SessionStart(ctx, SourceCompact, m.ID)
	return nil
}

// errNothingToCompact is the manual compaction of an empty conversation.
var errNothingToCompact = errors.New("there is no conversation to compact yet")

// Compact compacts the conversation now, as /compact does; focus steers
// the summary. It publishes and returns a result like Submit.
func (e *Engine) Compact(hard context.Context, focus string) event.Result {
	start := time.Now()
	ctx, cancel := e.beginTurn(hard)
	defer e.endTurn()
	defer cancel(context.Canceled)
	pol := e.Policy()
	e.startSession(ctx, pol.Model)
	e.publishInit(pol)
	var res event.Result
	switch err := e.manualCompact(ctx, &pol, focus); {
	case err != nil:
		res = errorResult(event.SubtypeDuringExecution, "compact_failed", "Compaction failed: "+err.Error())
	default:
		res = event.Result{Subtype: event.SubtypeSuccess, Text: "Compacted the conversation.",
			TerminalReason: "completed"}
	}
	e.finish(&res, start, 0)
	e.publish(res)
	return res
}

func (e *Engine) manualCompact(ctx context.Context, pol *Policy, focus string) error {
	switch {
	case pol.Compaction.Settings.DisabledAll:
		return errors.New("compaction is turned off (DISABLE_COMPACT)")
	case len(e.messages) == 0:
		return errNothingToCompact
	}
	return e.compact(ctx, pol, pol.Model, TriggerManual, focus, compact.Tokens(e.lastUsage))
}
