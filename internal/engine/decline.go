package engine

import (
	"context"
	"time"

	"corvid/internal/event"
	"corvid/internal/provider"
)

// Decline ends a prompt that could not be prepared (a custom command
// whose expansion was refused) without sending anything: it publishes the
// init event, the message as a synthetic assistant text, and an error
// result with the given terminal reason.
func (e *Engine) Decline(_ context.Context, reason, msg string) event.Result {
	start := time.Now()
	e.publishInit(e.Policy())
	e.publish(event.Assistant{UUID: newUUID(), MessageID: newUUID(), Model: "<synthetic>",
		Block: provider.TextBlock(msg)})
	res := errorResult(event.SubtypeDuringExecution, reason, msg)
	e.finish(&res, start, 0)
	e.publish(res)
	return res
}
