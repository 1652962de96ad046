package cli

import (
	"github.com/google/uuid"

	"corvid/internal/event"
)

// failureResult is the result frame of a run that failed before it could
// produce one (an unknown --resume id, unreadable settings): SDK hosts
// wait for a result to end the turn, so json and stream-json output
// always end with one. Claude Code writes the same shape: an
// error_during_execution result with the message in errors, under a
// fresh session id (no session was opened).
func failureResult(err error) event.Result {
	return event.Result{Subtype: event.SubtypeDuringExecution, IsError: true,
		Errors: []string{err.Error()}, SessionID: uuid.NewString()}
}
