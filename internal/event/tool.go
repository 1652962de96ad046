package event

import (
	"encoding/json"
	"time"
)

// A tool call's life, as the engine sees it: ToolStarted when the
// model's tool_use block is complete and handed to the executor,
// ToolRunning when the executor starts it (after its permission check
// and any call it waited for), ToolProgress while it runs, ToolFinished
// when its result is in (just before the event.ToolResult). Calls
// refused before they run (no durable transcript, an unknown tool) may
// go from ToolStarted to ToolFinished directly.

// ToolStarted is a tool call the model asked for.
type ToolStarted struct {
	Origin
	ToolUseID string
	ToolName  string
	Input     json.RawMessage
}

// ToolRunning is a call the executor started.
type ToolRunning struct {
	Origin
	ToolUseID string
	ToolName  string
}

// ToolFinished is a call whose result is in.
type ToolFinished struct {
	Origin
	ToolUseID string
	ToolName  string
	IsError   bool
	Elapsed   time.Duration
}

func (ToolStarted) isEvent()  {}
func (ToolRunning) isEvent()  {}
func (ToolFinished) isEvent() {}
