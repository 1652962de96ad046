package engine

import (
	"sync"

	"corvid/internal/event"
	"corvid/internal/executor"
)

// toolEvents publishes the life of one response's tool calls: started
// as a tool_use block closes, running once the executor starts it,
// finished as its result comes in (see package event).
type toolEvents struct {
	e  *Engine
	mu sync.Mutex
	// names maps a call's id to its tool; a call leaves it once
	// announced as running, so each call runs at most once.
	names map[string]string
}

func newToolEvents(e *Engine) *toolEvents {
	return &toolEvents{e: e, names: map[string]string{}}
}

// started announces a call handed to the executor (or refused before).
func (t *toolEvents) started(c executor.Call) {
	t.mu.Lock()
	t.names[c.ID] = c.Name
	t.mu.Unlock()
	t.e.publish(event.ToolStarted{ToolUseID: c.ID, ToolName: c.Name, Input: c.Input})
}

// onRunning is the executor's OnRunning: it announces the calls that
// started executing since the last call. The executor holds its lock.
func (t *toolEvents) onRunning(ids []string, _ bool) {
	for _, id := range ids {
		t.mu.Lock()
		name, fresh := t.names[id]
		delete(t.names, id)
		t.mu.Unlock()
		if fresh {
			t.e.publish(event.ToolRunning{ToolUseID: id, ToolName: name})
		}
	}
}

// finished announces a call's result, before its event.ToolResult.
func (t *toolEvents) finished(u executor.Update) {
	t.mu.Lock()
	delete(t.names, u.Call.ID)
	t.mu.Unlock()
	t.e.publish(event.ToolFinished{ToolUseID: u.Call.ID, ToolName: u.Call.Name,
		IsError: u.Result.IsError, Elapsed: u.Elapsed})
}
