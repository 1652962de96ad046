package spawn

import (
	"context"

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

// track remembers a started background agent (b.mu held).
func (b *background) track(id, description, out string) {
	if b.tasks == nil {
		b.tasks = map[string]*record{}
	}
	b.tasks[id] = &record{done: make(chan struct{}),
		task: subagent.Task{AgentID: id, Description: description, Status: "running", OutputFile: out}}
	b.order = append(b.order, id)
	for len(b.order) > maxTasks && b.evictOne() {
	}
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

// settle records a background agent's end (b.mu held).
func (b *background) settle(o subagent.Outcome, status string) {
	rec := b.tasks[o.AgentID]
	if rec == nil {
		return
	}
	if rec.stopped {
		status = "killed"
	}
	rec.task.Status, rec.task.Text = status, o.Text
	close(rec.done)
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
