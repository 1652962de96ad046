package sdk

import "corvid/internal/event"

// Subtypes of the background task frames.
const (
	SubtypeTaskStarted      = "task_started"
	SubtypeTaskNotification = "task_notification"
)

// TaskStartedFrame is system/task_started: a background shell or agent
// started (Claude Code 2.1.332's fields; it also writes run_id, and
// task_updated and background_tasks_changed frames, which SDK hosts may
// do without).
type TaskStartedFrame struct {
	Type           string `json:"type"`
	Subtype        string `json:"subtype"`
	TaskID         string `json:"task_id"`
	ToolUseID      string `json:"tool_use_id,omitempty"`
	Description    string `json:"description"`
	SubagentType   string `json:"subagent_type,omitempty"`
	IsBackgrounded bool   `json:"is_backgrounded"`
	SpawnDepth     int    `json:"spawn_depth,omitempty"`
	TaskType       string `json:"task_type"`
	Prompt         string `json:"prompt,omitempty"`
	UUID           string `json:"uuid"`
	SessionID      string `json:"session_id"`
}

// TaskNotificationFrame is system/task_notification: a background task
// ended. Status is completed, failed or stopped.
type TaskNotificationFrame struct {
	Type            string     `json:"type"`
	Subtype         string     `json:"subtype"`
	TaskID          string     `json:"task_id"`
	ToolUseID       string     `json:"tool_use_id,omitempty"`
	Status          string     `json:"status"`
	OutputFile      string     `json:"output_file"`
	Summary         string     `json:"summary"`
	SummaryIsReport bool       `json:"summary_is_report,omitempty"`
	Usage           *TaskUsage `json:"usage,omitempty"`
	UUID            string     `json:"uuid"`
	SessionID       string     `json:"session_id"`
}

// TaskUsage is what a finished agent used.
type TaskUsage struct {
	TotalTokens int   `json:"total_tokens"`
	ToolUses    int   `json:"tool_uses"`
	DurationMS  int64 `json:"duration_ms"`
}

// taskFrame is the frame of a task's start or end (a task's progress has
// none).
func (f *framer) taskFrame(ev event.Event) (any, bool) {
	switch ev := ev.(type) {
	case event.TaskStarted:
		t := ev.Task
		fr := TaskStartedFrame{Type: TypeSystem, Subtype: SubtypeTaskStarted, TaskID: t.ID, ToolUseID: t.ToolUseID,
			Description: t.Description, IsBackgrounded: true, TaskType: t.Type, UUID: f.newUUID(), SessionID: f.sessionID}
		if t.Type == event.TaskLocalAgent {
			fr.SubagentType, fr.SpawnDepth, fr.Prompt = t.AgentType, 1, t.Prompt
		}
		return fr, true
	case event.TaskFinished:
		return f.taskNotification(ev.Task), true
	}
	return nil, false
}

func (f *framer) taskNotification(t event.Task) TaskNotificationFrame {
	fr := TaskNotificationFrame{Type: TypeSystem, Subtype: SubtypeTaskNotification, TaskID: t.ID,
		ToolUseID: t.ToolUseID, Status: t.Status, OutputFile: t.OutputFile, Summary: t.Summary,
		UUID: f.newUUID(), SessionID: f.sessionID}
	if t.Status == event.TaskKilled {
		fr.Status = "stopped"
	}
	if t.Type == event.TaskLocalAgent {
		fr.SummaryIsReport = t.Status == event.TaskCompleted
		fr.Usage = &TaskUsage{TotalTokens: t.Tokens, ToolUses: t.ToolUses,
			DurationMS: max(t.Ended.Sub(t.Started).Milliseconds(), 0)}
	}
	return fr
}
