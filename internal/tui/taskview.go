package tui

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"corvid/internal/event"
)

// agentLine is the line under a running Agent call: its sub-agent's
// latest tool call and the count ("" before the first).
func (m *model) agentLine(toolUseID string) string {
	a := m.taskList.agents[toolUseID]
	if a == nil {
		return ""
	}
	tail := fmt.Sprintf(" · %d %s", a.uses, plural(a.uses, "tool use", "tool uses"))
	room := max(m.width-6-ansi.StringWidth(tail), 10)
	return styleDim.Render("  ⎿ " + ansi.Truncate(a.last, room, "…") + tail)
}

// tasksLine is the live region's line while background tasks run.
func (m *model) tasksLine() string {
	n := m.taskList.running()
	if n == 0 {
		return ""
	}
	s := fmt.Sprintf("⏵ %d %s · /tasks to view", n, plural(n, "background task", "background tasks"))
	return styleAccent.Render(ansi.Truncate(s, max(m.width-1, 10), "…"))
}

// taskEnded is the scrollback's note of a task's end.
func (m *model) taskEnded(t event.Task) string {
	bullet := styleOK.Render("●")
	if t.Status != event.TaskCompleted {
		bullet = styleErr.Render("●")
	}
	what := "Background shell"
	if t.Type == event.TaskLocalAgent {
		what = "Background agent"
	}
	line := fmt.Sprintf("%s %q %s", what, t.Description, endWord(t))
	return bullet + " " + ansi.Truncate(line, max(m.width-3, 10), "…")
}

func endWord(t event.Task) string {
	switch {
	case t.Status == event.TaskKilled:
		return "was stopped"
	case t.Type == event.TaskLocalBash && t.Status == event.TaskFailed:
		return fmt.Sprintf("failed (exit code %d)", t.ExitCode)
	case t.Type == event.TaskLocalBash:
		return "completed (exit code 0)"
	}
	return t.Status
}

// elapsed is how long a task ran, or has run so far.
func (m *model) elapsed(t event.Task) string {
	end := t.Ended
	if end.IsZero() {
		end = m.o.now()
	}
	return shortDuration(max(end.Sub(t.Started), 0))
}

func shortDuration(d time.Duration) string {
	s := int(d / time.Second)
	switch {
	case s < 60:
		return fmt.Sprintf("%ds", s)
	case s < 3600:
		return fmt.Sprintf("%dm %ds", s/60, s%60)
	}
	return fmt.Sprintf("%dh %dm", s/3600, s%3600/60)
}

// oneLine flattens s for a row.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
