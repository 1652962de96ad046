package tui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"
)

// taskTick is how often /tasks redraws its elapsed times and output
// while it is open and a task runs; nothing ticks otherwise.
const taskTick = time.Second

// stopTimeout bounds a stop asked from /tasks (a shell's kill waits out
// its grace).
const stopTimeout = 15 * time.Second

// stopTask stops task id on a goroutine of its own (a kill waits for the
// process group); its TaskFinished event updates the list.
func (m *model) stopTask(id string) tea.Cmd {
	ctl, ok := m.conv.(TaskControl)
	r := m.taskList.row(id)
	if !ok || r == nil {
		return m.println(m.errorLine("This session cannot stop background tasks"))
	}
	r.stopping = true
	ctx := m.ctx
	return func() tea.Msg {
		sctx, cancel := context.WithTimeout(ctx, stopTimeout)
		defer cancel()
		err := ctl.StopTask(sctx, id)
		return applyMsg(func(m *model) tea.Cmd {
			if err == nil {
				return nil
			}
			if r := m.taskList.row(id); r != nil {
				r.stopping = false
			}
			return m.println(m.errorLine("Could not stop " + id + ": " + err.Error()))
		})
	}
}

// peekTask reads the end of the task's output on a goroutine of its own.
func (m *model) peekTask(d *taskDetailDialog) tea.Cmd {
	ctl, ok := m.conv.(TaskControl)
	if !ok {
		return nil
	}
	id := d.id
	return func() tea.Msg {
		out, err := ctl.PeekTask(id, taskPeekBytes)
		return applyMsg(func(m *model) tea.Cmd {
			d.output, d.err = out, ""
			if err != nil {
				d.err = err.Error()
			}
			return nil
		})
	}
}

// armTaskTick schedules the next redraw of /tasks while it shows a
// running task (at most one is scheduled).
func (m *model) armTaskTick() tea.Cmd {
	if m.taskList.ticking || !m.tasksShown() || m.taskList.running() == 0 {
		return nil
	}
	m.taskList.ticking = true
	return tea.Tick(taskTick, func(time.Time) tea.Msg {
		return applyMsg(func(m *model) tea.Cmd {
			m.taskList.ticking = false
			var peek tea.Cmd
			if d, ok := m.dialog.(*taskDetailDialog); ok {
				peek = m.peekTask(d)
			}
			return tea.Batch(peek, m.armTaskTick())
		})
	})
}

func (m *model) tasksShown() bool {
	switch m.dialog.(type) {
	case *taskListDialog, *taskDetailDialog:
		return true
	}
	return false
}
