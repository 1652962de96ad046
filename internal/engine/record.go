package engine

import (
	"corvid/internal/cost"
	"corvid/internal/provider"
)

// Recorder keeps the conversation as it happens (a session transcript).
// The engine calls it in conversation order: a prompt, each assistant
// block as it closes, each tool result as its tool finishes (possibly
// between later blocks of the same response), reminders and other
// injected text as meta user blocks. Calls for results may come from
// several goroutines. A Recorder that fails to record stops recording
// (what it kept is a prefix of the conversation) and reports the failure
// through Err: the engine then runs no further call with side effects,
// sends no further request and ends the turn with an error result.
type Recorder interface {
	// User records user-role blocks; meta marks text corvid injected
	// rather than the user's own words.
	User(blocks []provider.Block, meta bool)
	// Assistant records one closed assistant block.
	Assistant(a AssistantBlock)
	// ToolResult records one tool_result block with the tool's structured
	// output.
	ToolResult(b provider.Block, structured any)
	// Note records something that is not part of the model's view (an API
	// error that ended a turn, a micro-compaction).
	Note(subtype, text string)
	// Compacted records that the history was replaced by history.
	Compacted(trigger string, preTokens int, history []provider.Message, model string)
	// Cost records the cost tracker's state.
	Cost(s cost.State)
	// Mark and Rewind drop what was recorded after the mark from the live
	// conversation: a partial response that is retried.
	Mark() any
	Rewind(mark any)
	// Sync makes what was recorded durable.
	Sync()
	// Err is the first failure to record, nil while all is well.
	Err() error
}

// AssistantBlock is one closed block of a response.
type AssistantBlock struct {
	MessageID string
	Model     string
	Block     provider.Block
	Usage     provider.Usage
}

// nopRecorder records nothing.
type nopRecorder struct{}

func (nopRecorder) User([]provider.Block, bool)                       {}
func (nopRecorder) Assistant(AssistantBlock)                          {}
func (nopRecorder) ToolResult(provider.Block, any)                    {}
func (nopRecorder) Note(string, string)                               {}
func (nopRecorder) Compacted(string, int, []provider.Message, string) {}
func (nopRecorder) Cost(cost.State)                                   {}
func (nopRecorder) Mark() any                                         { return nil }
func (nopRecorder) Rewind(any)                                        {}
func (nopRecorder) Sync()                                             {}
func (nopRecorder) Err() error                                        { return nil }
