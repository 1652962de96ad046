package engine

import (
	"slices"

	"corvid/internal/event"
	"corvid/internal/executor"
	"corvid/internal/tool"
)

// reasonTranscript is the terminal reason of a turn whose transcript
// could not be saved.
const reasonTranscript = "transcript_error"

// durable makes what was recorded so far durable before a call with side
// effects and reports whether the record is whole: it is better not to
// run a call whose request could not be recorded.
func (e *Engine) durable() bool {
	e.rec.Sync()
	return e.rec.Err() == nil
}

// refused is the result of a call that is not run because the transcript
// could not be saved.
func refused(c executor.Call, err error) executor.Update {
	return executor.Update{Call: c, Result: tool.ErrorText(
		"Not run: " + transcriptMessage(err) + ". Nothing more of this session can be recorded.")}
}

func transcriptMessage(err error) string {
	return "the transcript could not be saved: " + err.Error()
}

// transcriptError ends a turn whose transcript could not be saved.
func transcriptError(err error) event.Result {
	return errorResult(event.SubtypeDuringExecution, reasonTranscript, transcriptMessage(err))
}

// reportRecordFailure makes a result an error when the record failed
// during the turn (the final sync included): a turn is never reported a
// success over a torn history. An error result keeps its subtype and
// reason and gets the failure added to its errors.
func (e *Engine) reportRecordFailure(res *event.Result) {
	err := e.rec.Err()
	if err == nil {
		return
	}
	msg := transcriptMessage(err)
	if slices.Contains(res.Errors, msg) {
		return
	}
	if !res.IsError {
		res.Subtype, res.IsError, res.TerminalReason = event.SubtypeDuringExecution, true, reasonTranscript
	}
	res.Errors = append(res.Errors, msg)
}
