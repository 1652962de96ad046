package engine

import (
	"encoding/json"
	"fmt"

	"corvid/internal/event"
	"corvid/internal/provider"
)

// StructuredOutput is --json-schema as the engine sees it: the tool the
// model must end its turn with, and how to collect what it accepted.
type StructuredOutput struct {
	Tool string
	// Take returns the accepted output of the turn, if any.
	Take func() (json.RawMessage, bool)
	// MaxRetries bounds the model's failed attempts in one turn.
	MaxRetries int
	// Reminder is told to a model that ended its turn without the tool.
	Reminder string
}

// structured decides the turn after a response when --json-schema is
// on: done with the accepted output; failed after too many misses; or,
// when the model stopped without the tool, reminded and going on.
func (r *run) structured(out response) (event.Result, bool, bool) {
	so := r.e.state.Structured
	if so == nil {
		return event.Result{}, false, false
	}
	if v, ok := so.Take(); ok {
		return event.Result{Subtype: event.SubtypeSuccess, Text: r.lastText, StopReason: out.stop,
			TerminalReason: "completed", StructuredOutput: v}, true, false
	}
	if len(out.results) > 0 && !calls(out.msg, so.Tool) {
		return event.Result{}, false, false // other tools: the turn goes on
	}
	r.structuredMisses++
	if r.structuredMisses > so.MaxRetries {
		return errorResult(event.SubtypeMaxStructuredOutputRetries, "structured_output_retries",
			fmt.Sprintf("Failed to provide valid structured output after %d attempts", so.MaxRetries)), true, false
	}
	if len(out.results) == 0 {
		r.e.appendUser([]provider.Block{provider.TextBlock(so.Reminder)}, true)
	}
	return event.Result{}, false, true
}

func calls(msg provider.Message, name string) bool {
	for _, b := range msg.Content {
		if b.Type == provider.BlockToolUse && b.Name == name {
			return true
		}
	}
	return false
}
