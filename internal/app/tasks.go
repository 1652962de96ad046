package app

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"corvid/internal/event"
	"corvid/internal/shells"
	"corvid/internal/subagent"
	"corvid/internal/subagent/spawn"
)

// watchTasks publishes the lives of the background shells and agents to
// sink as task events: the shell manager's and the runner's callbacks
// call it from the goroutine where the change happened, so nothing polls
// and nothing runs while no task moves.
func watchTasks(sink event.Sink, sh *shells.Manager, parent *spawn.Parent) {
	if sink == nil {
		return
	}
	sh.Observe(func(i shells.Info) { sink(shellEvent(i)) })
	parent.OnTask = func(t subagent.Task) { sink(agentEvent(t)) }
}

// shellEvent is a background shell's start or end.
func shellEvent(i shells.Info) event.Event {
	t := event.Task{ID: i.ID, ToolUseID: i.ToolUseID, Type: event.TaskLocalBash, Description: i.Description,
		Command: i.Command, Status: string(i.Status), OutputFile: i.OutputPath, Started: i.Started}
	if t.Description == "" {
		t.Description = shells.Abbrev(i.Command, 200)
	}
	if i.Status == shells.Running {
		return event.TaskStarted{Task: t}
	}
	t.ExitCode, t.Ended = i.ExitCode, i.Ended
	t.Summary = shellSummary(t)
	return event.TaskFinished{Task: t}
}

// shellSummary says how a shell ended, in Claude Code's words (its
// task_notification's summary): a stopped one is named only.
func shellSummary(t event.Task) string {
	switch t.Status {
	case event.TaskCompleted:
		return `Background command "` + t.Description + `" completed (exit code 0)`
	case event.TaskKilled:
		return t.Description
	}
	return fmt.Sprintf(`Background command "%s" failed with exit code %d`, t.Description, t.ExitCode)
}

// maxReport caps the report an agent's end carries (its whole report is
// in its output file).
const maxReport = 64 << 10

// agentEvent is a background agent's start, tool call or end.
func agentEvent(a subagent.Task) event.Event {
	t := event.Task{ID: a.AgentID, ToolUseID: a.ToolUseID, Type: event.TaskLocalAgent, Description: a.Description,
		AgentType: a.Type, Status: a.Status, OutputFile: a.OutputFile, ToolUses: a.ToolUses, Tokens: a.Tokens,
		Prompt: a.Prompt, Started: a.Started, Ended: a.Ended}
	switch {
	case a.Status == event.TaskCompleted:
		t.Summary = shells.Abbrev(a.Text, maxReport) // its report, as Claude Code's summary
		return event.TaskFinished{Task: t}
	case a.Status != event.TaskRunning:
		t.Summary = a.Description
		if a.Status == event.TaskFailed {
			t.Summary = `Agent "` + a.Description + `" failed`
		}
		return event.TaskFinished{Task: t}
	case a.ToolUses == 0:
		return event.TaskStarted{Task: t}
	}
	t.Summary = a.LastTool
	return event.TaskUpdated{Task: t}
}

// StopTask stops a background agent or shell by id, as TaskStop does (a
// shell is killed and gone when it returns; an agent is cancelled and
// ends shortly). An unknown id is an error.
func (c *Conversation) StopTask(_ context.Context, id string) error {
	if c.s.agents != nil && c.s.agents.runner.Stop(id) {
		return nil
	}
	_, _, err := c.s.kit.shells.Kill(id)
	return err
}

// PeekTask returns the end of a task's output so far, at most n bytes,
// without taking it from the model: a shell's log, or a finished agent's
// report ("" while it runs).
func (c *Conversation) PeekTask(id string, n int) (string, error) {
	if c.s.agents != nil {
		if t, ok := c.s.agents.runner.Task(context.Background(), id, false); ok {
			if t.Status == event.TaskRunning {
				return "", nil
			}
			return fileTail(t.OutputFile, n)
		}
	}
	return c.s.kit.shells.Peek(id, n)
}

// fileTail reads the last n bytes of path.
func fileTail(path string, n int) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("reading the task's output: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return "", fmt.Errorf("reading the task's output: %w", err)
	}
	off := max(st.Size()-int64(n), 0)
	buf, err := io.ReadAll(io.NewSectionReader(f, off, st.Size()-off))
	if err != nil {
		return "", fmt.Errorf("reading the task's output: %w", err)
	}
	return strings.ToValidUTF8(string(buf), ""), nil
}
