package engine

import (
	"context"
	"errors"
	"fmt"

	"corvid/internal/event"
	"corvid/internal/executor"
	"corvid/internal/model"
	"corvid/internal/provider"
)

// maxContinuations bounds how often a response cut by max_tokens is
// continued in a row.
const maxContinuations = 3

// continuationText asks the model to pick up where a cut response ended.
const continuationText = "Your previous response was cut off by the output token limit. " +
	"Continue exactly where it stopped, without repeating or summarising what you already wrote."

// run is the state of one Submit.
type run struct {
	e             *Engine
	pol           Policy // the policy in effect when the turn began
	hard          context.Context
	cancel        context.CancelCauseFunc
	model         model.Info
	fallbacks     []model.Info
	turns         int
	msgs          int // user messages of the turn, as Claude Code counts num_turns
	streamRetries int
	continuations int
	reacted       bool // reactive compaction already ran this turn
	stopBlocks    int  // Stop hook blocks in a row
	// structuredMisses counts responses without a valid structured output
	// (--json-schema).
	structuredMisses int
	lastText         string
	lastStop         string
}

// loop runs requests until the model stops asking for tools or a limit,
// an error or an interrupt ends the turn.
func (r *run) loop(ctx context.Context) event.Result {
	for {
		if res, stop := r.preflight(ctx); stop {
			return res
		}
		r.autoCompact(ctx)
		r.turns++
		r.e.remind()
		out := r.e.respond(ctx, r)
		if out.err != nil && ctx.Err() == nil && !out.kept {
			if r.reactiveCompact(ctx, out.err) || r.recover(ctx, out.err) {
				r.turns--
				continue
			}
			return r.apiError(out.err)
		}
		r.commit(out)
		if ctx.Err() != nil {
			return r.interruptedBy(ctx, out)
		}
		if out.kept {
			if !r.resume(ctx, out.err) {
				return r.apiError(out.err)
			}
			continue
		}
		if res, more := r.next(ctx, out); !more {
			return res
		}
	}
}

// preflight checks the limits before a new request.
func (r *run) preflight(ctx context.Context) (event.Result, bool) {
	pol := r.pol
	switch {
	case ctx.Err() != nil:
		return r.interruptedBy(ctx, response{streamDone: true}), true
	case r.e.rec.Err() != nil:
		return transcriptError(r.e.rec.Err()), true
	}
	if res, stop := r.e.halted(); stop {
		return res, true
	}
	switch {
	case pol.MaxBudgetUSD > 0 && r.e.costs.TotalUSD() >= pol.MaxBudgetUSD:
		return errorResult(event.SubtypeMaxBudget, "budget_exhausted",
			fmt.Sprintf("Reached maximum budget ($%g)", pol.MaxBudgetUSD)), true
	case pol.MaxTurns > 0 && r.turns >= pol.MaxTurns:
		res := errorResult(event.SubtypeMaxTurns, "max_turns",
			fmt.Sprintf("Reached maximum number of turns (%d)", pol.MaxTurns))
		res.StopReason = r.lastStop // tool_use, as in Claude Code
		return res, true
	}
	return event.Result{}, false
}

// recover decides whether a failed response is tried again: on the next
// fallback model after overload, or on the same model after a retryable
// failure mid-stream (failures before the stream began were already
// retried by provider.StreamWithRetry).
func (r *run) recover(ctx context.Context, err *provider.APIError) bool {
	if err.Overloaded() && len(r.fallbacks) > 0 {
		prev := r.model
		r.model, r.fallbacks = r.fallbacks[0], r.fallbacks[1:]
		r.e.publish(event.Notice{Text: fmt.Sprintf("%s is overloaded; switching to the fallback model %s",
			prev.ID, r.model.ID)})
		return true
	}
	pol := r.pol.Retry
	if !err.MidStream || !err.Retryable() || r.streamRetries >= maxRetries(pol) {
		return false
	}
	r.streamRetries++
	d := pol.Backoff(r.streamRetries, err)
	r.e.publish(retryEvent(&provider.RetryInfo{Attempt: r.streamRetries, MaxRetries: maxRetries(pol),
		Delay: d, Err: err}))
	return pol.Pause(ctx, d) == nil
}

func maxRetries(p provider.RetryPolicy) int { return p.Attempts() }

// commit appends a response and its tool results to the conversation.
func (r *run) commit(out response) {
	e := r.e
	if len(out.msg.Content) > 0 {
		e.messages = append(e.messages, out.msg)
		if t := out.msg.Text(); t != "" {
			r.lastText = t
		}
	}
	r.lastStop = out.stop
	r.msgs += len(out.results)
	if len(out.results) > 0 {
		// The results were recorded one by one as their tools finished.
		e.messages = append(e.messages, provider.Message{Role: provider.RoleUser, Content: out.results})
	}
	if out.kept {
		e.appendUser([]provider.Block{cutNote(out.err)}, true)
	}
	if out.stop == provider.StopMaxTokens && r.continuations < maxContinuations {
		e.appendUser([]provider.Block{provider.TextBlock(continuationText)}, true)
	}
}

// next decides whether the loop goes on after a committed response.
func (r *run) next(ctx context.Context, out response) (event.Result, bool) {
	switch {
	case out.stop == provider.StopMaxTokens:
		if r.continuations >= maxContinuations {
			return errorResult(event.SubtypeDuringExecution, "model_error", fmt.Sprintf(
				"The response hit the output token limit %d times in a row", maxContinuations+1)), false
		}
		r.continuations++
		r.e.publish(event.Notice{Text: "Response hit the output token limit; asking the model to continue"})
		return event.Result{}, true
	}
	if res, done, more := r.structured(out); done || more {
		return res, !done
	}
	switch {
	case len(out.results) > 0:
		r.continuations = 0
		return event.Result{}, true
	case r.stopBlocked(ctx):
		return event.Result{}, true
	}
	return event.Result{Subtype: event.SubtypeSuccess, Text: r.lastText, StopReason: out.stop,
		TerminalReason: "completed"}, false
}

// apiError ends the run on a failure that was not recovered. As Claude
// Code does, it is reported as a synthetic assistant message and a
// success-subtype result with is_error set.
func (r *run) apiError(err *provider.APIError) event.Result {
	text := "API Error: " + err.Error()
	if adv := err.Advice(); adv != "" {
		text += " · " + adv
	}
	r.e.publish(event.Assistant{UUID: newUUID(), MessageID: newUUID(), Model: "<synthetic>",
		Block: provider.TextBlock(text), Error: err.Category()})
	r.e.rec.Note("api_error", text)
	reason := "api_error"
	if err.PromptTooLong() {
		reason = "prompt_too_long"
	}
	return event.Result{Subtype: event.SubtypeSuccess, IsError: true, Text: text,
		TerminalReason: reason, APIErrorStatus: err.StatusCode}
}

func errorResult(subtype, reason, msg string) event.Result {
	return event.Result{Subtype: subtype, IsError: true, Errors: []string{msg}, TerminalReason: reason}
}

func interrupted(ctx context.Context, streamDone bool) event.Result {
	reason := "aborted_tools"
	if !streamDone {
		reason = "aborted_streaming"
	}
	msg := "Interrupted by user"
	if cause := context.Cause(ctx); cause != nil && !errors.Is(cause, executor.ErrInterrupted) &&
		!errors.Is(cause, context.Canceled) {
		msg = "Interrupted: " + cause.Error()
	}
	return errorResult(event.SubtypeDuringExecution, reason, msg)
}

func retryEvent(info *provider.RetryInfo) event.Retry {
	ev := event.Retry{Attempt: info.Attempt, MaxRetries: info.MaxRetries, Delay: info.Delay}
	if info.Err != nil {
		ev.Status, ev.Category, ev.Message = info.Err.StatusCode, info.Err.Category(), info.Err.Error()
	}
	return ev
}

// remind adds the pending reminders to the last user message.
func (e *Engine) remind() {
	if len(e.messages) == 0 || e.messages[len(e.messages)-1].Role != provider.RoleUser {
		return
	}
	var blocks []provider.Block
	if e.state.Reminders != nil {
		for _, note := range e.state.Reminders() {
			blocks = append(blocks, provider.TextBlock("<system-reminder>\n"+note+"\n</system-reminder>"))
		}
	}
	if e.state.Attachments != nil {
		blocks = append(blocks, e.state.Attachments()...)
	}
	if len(blocks) > 0 {
		e.appendUser(blocks, true)
	}
}
