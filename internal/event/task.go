package event

import "time"

// A background task's life: TaskStarted when a background shell (Bash
// with run_in_background) or a background sub-agent (Agent with
// run_in_background) starts, TaskUpdated when something about it changes
// while it runs (a sub-agent's latest tool call), TaskFinished once when
// it ends, however it ends. The composition root publishes them from the
// shell manager's and the agent runner's callbacks; front ends keep
// their own list from them (stream-json system/task_started and
// system/task_notification).

// Task types, as Claude Code names them.
const (
	TaskLocalBash  = "local_bash"
	TaskLocalAgent = "local_agent"
)

// Task statuses.
const (
	TaskRunning   = "running"
	TaskCompleted = "completed" // a shell that exited 0, an agent that answered
	TaskFailed    = "failed"    // a shell that exited non-zero, an agent that failed
	TaskKilled    = "killed"    // stopped by KillShell, TaskStop, the user or the session's end
)

// Task is a background task as events report it.
type Task struct {
	// ID is the shell's or agent's id (what TaskStop and TaskOutput take);
	// ToolUseID is the Bash or Agent call that started it.
	ID, ToolUseID string
	// Type is TaskLocalBash or TaskLocalAgent.
	Type string
	// Description is the call's description; Command is a shell's
	// command line ("" for an agent); AgentType is an agent's type.
	Description, Command, AgentType string
	Status                          string
	// OutputFile is where the output goes (a shell's log, an agent's
	// final report).
	OutputFile string
	// Summary is one line about the end (TaskFinished) or the latest
	// activity (an agent's latest tool call, TaskUpdated).
	Summary string
	// ExitCode is a finished shell's exit status (128+n for signal n).
	ExitCode int
	// ToolUses counts an agent's tool calls so far; Tokens are the
	// tokens a finished agent used; Prompt is what an agent was asked.
	ToolUses, Tokens int
	Prompt           string
	Started, Ended   time.Time
}

// Running reports whether the task has not ended.
func (t Task) Running() bool { return t.Status == TaskRunning }

// TaskStarted is a background task that started.
type TaskStarted struct {
	Origin
	Task
}

// TaskUpdated is a change to a running background task.
type TaskUpdated struct {
	Origin
	Task
}

// TaskFinished is a background task that ended; it is published once.
type TaskFinished struct {
	Origin
	Task
}

func (TaskStarted) isEvent()  {}
func (TaskUpdated) isEvent()  {}
func (TaskFinished) isEvent() {}

func (e TaskStarted) withOrigin(o Origin) Event  { e.Origin = o; return e }
func (e TaskUpdated) withOrigin(o Origin) Event  { e.Origin = o; return e }
func (e TaskFinished) withOrigin(o Origin) Event { e.Origin = o; return e }
