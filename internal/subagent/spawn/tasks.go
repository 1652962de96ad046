package spawn

import (
	"context"
	"time"

	"corvid/internal/subagent"
)

// maxTasks caps the background agents remembered for TaskOutput; the
// oldest finished one is forgotten first.
const maxTasks = 200

// record is one background agent as TaskOutput sees it; done closes
// when it ends.
type record struct {
	task    subagent.Task
	stopped bool
	done    chan struct{}
}

// track remembers a started background agent and returns its record (b.mu held).
func (b *background) track(id string, req subagent.Request, typ, out string) *record {
	if b.tasks == nil {
		b.tasks = map[string]*record{}
	}
	task := subagent.Task{AgentID: id, Description: req.Description, Status: "running", OutputFile: out,
		ToolUseID: req.ToolUseID, Type: typ, Prompt: req.Prompt, Started: time.Now()}
	rec := &record{done: make(chan struct{}), task: task}
	b.tasks[id] = rec
	b.order = append(b.order, id)
	for len(b.order) > maxTasks && b.evictOne() {
	}
	return rec
}

// evictOne forgets the oldest finished agent; false when every
// remembered agent still runs.
func (b *background) evictOne() bool {
	for i, id := range b.order {
		rec := b.tasks[id]
		if rec == nil || rec.task.Status != "running" {
			delete(b.tasks, id)
			b.order = append(b.order[:i:i], b.order[i+1:]...)
			return true
		}
	}
	return false
}

// settle records a background agent's end and returns its final state
// (b.mu held).
func (b *background) settle(o subagent.Outcome, status string) subagent.Task {
	rec := b.tasks[o.AgentID]
	if rec == nil {
		return subagent.Task{AgentID: o.AgentID, Status: status, Text: o.Text, Ended: time.Now()}
	}
	if rec.stopped {
		status = "killed"
	}
	rec.task.Status, rec.task.Text, rec.task.Ended, rec.task.Tokens = status, o.Text, time.Now(), o.Tokens()
	return rec.task
}

// progress records a background agent's tool call and reports it.
func (r *Runner) progress(id, toolName string) {
	b := r.bg
	b.mu.Lock()
	rec := b.tasks[id]
	if rec == nil || rec.task.Status != "running" {
		b.mu.Unlock()
		return
	}
	rec.task.ToolUses++
	rec.task.LastTool = toolName
	task := rec.task
	b.mu.Unlock()
	r.report(task)
}

// report tells the task observer (Parent.OnTask), if any.
func (r *Runner) report(t subagent.Task) {
	if r.parent.OnTask != nil {
		r.parent.OnTask(t)
	}
}

// Task reports a background agent by id; with block it first waits for
// the agent to end or for ctx. False when no agent has the id.
func (r *Runner) Task(ctx context.Context, id string, block bool) (subagent.Task, bool) {
	b := r.bg
	b.mu.Lock()
	rec := b.tasks[id]
	b.mu.Unlock()
	if rec == nil {
		return subagent.Task{}, false
	}
	if block {
		select {
		case <-rec.done:
		case <-ctx.Done():
		}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return rec.task, true
}
