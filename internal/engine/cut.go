package engine

import (
	"context"
	"fmt"

	"corvid/internal/event"
	"corvid/internal/provider"
)

// A stream that fails after a call with side effects started cannot be
// retried from scratch: a call that has started is never started again.
// respond then keeps the blocks that closed as the response and answers
// each of their calls (response.kept); the loop commits them with a note
// for the model and goes on with the next request.

// cutText tells the model that its response was kept after a stream
// failure (%s: the error's category).
const cutText = "Your previous response was cut off by a stream error (%s) after some of its " +
	"tool calls had started. The blocks that arrived before the error are kept above, each call " +
	"with its result; calls that had not started were not run. Continue from where the response stopped."

// cutNote is the note committed after the results of a kept response.
func cutNote(err *provider.APIError) provider.Block {
	return provider.TextBlock(fmt.Sprintf(cutText, err.Category()))
}

// resume decides whether the loop goes on after a kept response. The next
// request counts as a retry of the failed stream (or moves to the fallback
// model after an overload), so a stream that always fails still ends.
func (r *run) resume(ctx context.Context, err *provider.APIError) bool {
	r.e.publish(event.Notice{Text: "The response was cut off by a stream error after a tool call " +
		"had started; what arrived is kept and no call runs twice"})
	return r.recover(ctx, err)
}
