package taskoutput

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"corvid/internal/provider"
	"corvid/internal/subagent"
	"corvid/internal/tool"
)

// Output is the structured result for a background agent.
type Output struct {
	RetrievalStatus string `json:"retrieval_status"`
	TaskID          string `json:"task_id"`
	TaskType        string `json:"task_type"`
	Status          string `json:"status"`
	Description     string `json:"description"`
	Output          string `json:"output"`
	OutputFile      string `json:"outputFile"`
}

// agentResult renders a background agent's state: success when it has
// ended, timeout when a blocking read gave up, not_ready otherwise.
func agentResult(task subagent.Task, block bool) *tool.Result {
	retrieval := "success"
	if task.Status == "running" {
		retrieval = "not_ready"
		if block {
			retrieval = "timeout"
		}
	}
	text := task.Text
	if len(text) > maxText {
		cut := maxText
		for cut > 0 && !utf8.RuneStart(text[cut]) {
			cut--
		}
		text = text[:cut] + fmt.Sprintf("\n[output truncated; the whole report is in %s]", task.OutputFile)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "<retrieval_status>%s</retrieval_status>\n\n<task_id>%s</task_id>\n\n<task_type>local_agent</task_type>\n\n<status>%s</status>",
		retrieval, task.AgentID, task.Status)
	if task.Status == "running" {
		fmt.Fprintf(&b, "\n\nThe agent is still running; its report will be written to %s.", task.OutputFile)
	} else {
		fmt.Fprintf(&b, "\n\n<output>\n%s\n</output>", strings.TrimRight(text, "\n"))
	}
	return &tool.Result{Content: []provider.Block{provider.TextBlock(b.String())},
		Structured: Output{RetrievalStatus: retrieval, TaskID: task.AgentID, TaskType: "local_agent",
			Status: task.Status, Description: task.Description, Output: text, OutputFile: task.OutputFile}}
}
