package engine

import (
	"context"
	"time"

	"corvid/internal/event"
)

// Report answers a prompt locally, without the model (a slash command
// such as /cost): it publishes the init event and a successful result
// whose text is text.
func (e *Engine) Report(_ context.Context, text string) event.Result {
	start := time.Now()
	e.publishInit(e.Policy())
	res := event.Result{Subtype: event.SubtypeSuccess, Text: text, TerminalReason: "completed"}
	e.finish(&res, start, 0)
	e.publish(res)
	return res
}

// Refuse ends a prompt that must not run (a hook blocked it) without the
// model: it publishes the init event and an error result saying why.
func (e *Engine) Refuse(_ context.Context, msg string) event.Result {
	start := time.Now()
	e.publishInit(e.Policy())
	return e.refuse(start, msg)
}

// refuse ends a turn that began at start with an error result saying why
// it must not run.
func (e *Engine) refuse(start time.Time, msg string) event.Result {
	res := errorResult(event.SubtypeDuringExecution, "hook_stopped", msg)
	e.finish(&res, start, 0)
	e.publish(res)
	return res
}
