package tui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/event"
)

// TaskControl is what a Backend offers for its background tasks (the
// /tasks dialog): *app.Conversation implements it. StopTask stops one as
// TaskStop does; PeekTask returns the end of its output, at most n
// bytes, without taking it from the model.
type TaskControl interface {
	StopTask(ctx context.Context, id string) error
	PeekTask(id string, n int) (string, error)
}

// maxTaskRows caps the tasks remembered for /tasks; the oldest finished
// one is forgotten first.
const maxTaskRows = 50

// tasks is what the interface knows of the background tasks, from the
// conversation's task events only, and of the foreground sub-agents, from
// their own events: nothing polls.
type tasks struct {
	rows []*taskRow
	// agents is each running Agent call's latest activity, by its id.
	agents map[string]*agentActivity
	// ticking: a tick is scheduled (only while /tasks shows a running task).
	ticking bool
}

// taskRow is one background task.
type taskRow struct {
	event.Task
	// stopping: the user asked to stop it and its end is not in yet.
	stopping bool
}

// agentActivity is a foreground sub-agent's latest tool call and how
// many it made.
type agentActivity struct {
	last string
	uses int
}

// taskEvent keeps the task list and the sub-agents' activity. ok
// reports that ev was consumed (the events of sub-agents are not shown
// otherwise).
func (m *model) taskEvent(ev event.Event) (tea.Cmd, bool) {
	st := &m.taskList
	switch ev := ev.(type) {
	case event.TaskStarted:
		st.put(ev.Task)
		return nil, true
	case event.TaskUpdated:
		if r := st.row(ev.ID); r != nil && r.Running() {
			r.ToolUses, r.Summary = ev.ToolUses, ev.Summary
		}
		return nil, true
	case event.TaskFinished:
		st.put(ev.Task)
		return m.println(m.taskEnded(ev.Task)), true
	case event.ToolStarted:
		if p := ev.ParentToolUseID; p != "" {
			st.activity(p, ev.ToolName+callArg(ev.ToolName, ev.Input))
			return nil, true
		}
	case event.ToolResult:
		if !event.Nested(ev) {
			delete(st.agents, ev.ToolUseID)
		}
	case event.Result:
		if !event.Nested(ev) { // calls an interrupt cut short have no result
			st.agents = nil
		}
	}
	return nil, event.Nested(ev)
}

func callArg(name string, input []byte) string {
	if a := keyArg(name, input); a != "" {
		return "(" + a + ")"
	}
	return ""
}

// put records a task's start or end; the end of an unknown task is
// recorded too (it started before the interface listened).
func (st *tasks) put(t event.Task) {
	if r := st.row(t.ID); r != nil {
		r.Task, r.stopping = t, false
		return
	}
	st.rows = append(st.rows, &taskRow{Task: t})
	for i := 0; len(st.rows) > maxTaskRows && i < len(st.rows); {
		if st.rows[i].Running() {
			i++
			continue
		}
		st.rows = append(st.rows[:i], st.rows[i+1:]...)
	}
}

func (st *tasks) row(id string) *taskRow {
	for _, r := range st.rows {
		if r.ID == id {
			return r
		}
	}
	return nil
}

func (st *tasks) running() int {
	n := 0
	for _, r := range st.rows {
		if r.Running() {
			n++
		}
	}
	return n
}

func (st *tasks) activity(parent, what string) {
	if st.agents == nil {
		st.agents = map[string]*agentActivity{}
	}
	a := st.agents[parent]
	if a == nil {
		a = &agentActivity{}
		st.agents[parent] = a
	}
	a.last, a.uses = what, a.uses+1
}
