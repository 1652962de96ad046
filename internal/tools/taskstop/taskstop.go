// Package taskstop is the TaskStop tool: it stops a background task, a
// background sub-agent (internal/subagent) or a background shell (by
// handing the call to KillShell).
//
// Only the composition root (internal/app) imports it.
package taskstop

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"corvid/internal/provider"
	"corvid/internal/tool"
)

//go:embed prompt.md
var prompt string

//go:embed schema.json
var schema []byte

// Agents stops background sub-agents by id (subagent.Runner).
type Agents interface {
	Stop(id string) bool
}

// stopTool embeds tool.Base: not concurrency-safe, Block on interrupt.
type stopTool struct {
	tool.Base
	agents Agents
	shells tool.Tool // KillShell
}

// New returns TaskStop over the background agents and the KillShell
// tool that stops shells.
func New(agents Agents, killShell tool.Tool) tool.Tool {
	return &stopTool{agents: agents, shells: killShell}
}

func (*stopTool) Name() string                 { return "TaskStop" }
func (*stopTool) Description() string          { return prompt }
func (*stopTool) InputSchema() json.RawMessage { return schema }

type input struct {
	TaskID  string `json:"task_id"`
	ShellID string `json:"shell_id"`
}

// Output is the structured result for a stopped agent.
type Output struct {
	Message  string `json:"message"`
	TaskID   string `json:"task_id"`
	TaskType string `json:"task_type"`
}

func decode(raw json.RawMessage) (string, error) {
	var in input
	if err := json.Unmarshal(raw, &in); err != nil {
		return "", fmt.Errorf("the input could not be read: %w", err)
	}
	id := strings.TrimSpace(in.TaskID)
	if id == "" {
		id = strings.TrimSpace(in.ShellID)
	}
	if id == "" {
		return "", errors.New("task_id is empty. Pass the ID the Agent or Bash call returned when it started the task in the background.")
	}
	return id, nil
}

func (*stopTool) ValidateInput(_ context.Context, raw json.RawMessage) error {
	_, err := decode(raw)
	return err
}

func (t *stopTool) Call(ctx context.Context, call tool.Call) (*tool.Result, error) {
	id, err := decode(call.Input)
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	if t.agents != nil && t.agents.Stop(id) {
		msg := fmt.Sprintf("Stopped background agent %s. You will be notified when it has ended.", id)
		return &tool.Result{Content: []provider.Block{provider.TextBlock(msg)},
			Structured: Output{Message: msg, TaskID: id, TaskType: "local_agent"}}, nil
	}
	if t.shells == nil {
		return tool.UseError("No background task found with ID: " + id), nil
	}
	shellCall := call
	shellCall.Input, _ = json.Marshal(map[string]string{"shell_id": id})
	res, err := t.shells.Call(ctx, shellCall)
	if res != nil && res.IsError && strings.Contains(res.TextOf(), "No background shell found") {
		return tool.UseError("No background task found with ID: " + id), nil
	}
	return res, err
}
