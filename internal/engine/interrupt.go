package engine

import (
	"context"
	"errors"

	"corvid/internal/event"
	"corvid/internal/executor"
	"corvid/internal/provider"
)

// numTurns is the result's num_turns as Claude Code counts it: the
// prompt, each tool result (each is a user message of its own there) and
// an interrupt's marker; a max-turns stop reports one more than the limit.
func (r *run) numTurns(res event.Result) int {
	if res.Subtype == event.SubtypeMaxTurns && r.pol.MaxTurns > 0 {
		return r.pol.MaxTurns + 1
	}
	return r.msgs
}

// interruptedBy ends the turn after an interrupt. A user's interrupt
// keeps what the user saw, as Claude Code does: the text that had
// streamed of a cut response (an aborted assistant frame, kept in the
// conversation), then a user message marking the interrupt, in the
// conversation and the transcript.
func (r *run) interruptedBy(ctx context.Context, out response) event.Result {
	res := interrupted(ctx, out.streamDone)
	if !userInterrupt(ctx) {
		return res
	}
	marker := event.InterruptedText
	switch {
	case !out.streamDone:
		r.keepPartial(out)
	case r.lastStop == provider.StopToolUse:
		marker = event.InterruptedToolText
		res.StopReason = r.lastStop
	}
	r.e.appendUser([]provider.Block{provider.TextBlock(marker)}, false)
	r.e.publish(event.UserText{UUID: newUUID(), Text: marker})
	r.msgs++
	return res
}

// keepPartial publishes, records and keeps the text that had streamed of
// a response an interrupt cut. When some of the response's calls already
// ran, their results follow it in the conversation, so the cut text is
// only shown.
func (r *run) keepPartial(out response) {
	e := r.e
	keep := len(out.results) == 0
	for _, b := range out.partial {
		e.publish(event.Assistant{UUID: newUUID(), MessageID: out.id, Model: out.model, Block: b,
			Usage: out.usage, Aborted: true})
		if !keep {
			continue
		}
		e.rec.Assistant(AssistantBlock{MessageID: out.id, Model: out.model, Block: b, Usage: out.usage})
		if n := len(e.messages); n > 0 && e.messages[n-1].Role == provider.RoleAssistant {
			last := &e.messages[n-1]
			last.Content = append(last.Content[:len(last.Content):len(last.Content)], b)
			continue
		}
		e.messages = append(e.messages, provider.Message{Role: provider.RoleAssistant, Content: []provider.Block{b}})
	}
}

// userInterrupt reports whether ctx ended by the user's interrupt (or a
// plain cancel), not by a shutdown with another cause.
func userInterrupt(ctx context.Context) bool {
	cause := context.Cause(ctx)
	return errors.Is(cause, executor.ErrInterrupted) || errors.Is(cause, context.Canceled)
}
