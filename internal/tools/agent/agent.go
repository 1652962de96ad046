// Package agent is the Agent tool (formerly Task): it runs a sub-agent
// (internal/subagent/spawn) with its own prompt, tools and limits, and returns
// its final report.
//
// Only the composition root (internal/app) imports it.
package agent

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"corvid/internal/provider"
	"corvid/internal/subagent"
	"corvid/internal/tool"
)

//go:embed prompt.md
var prompt string

//go:embed schema.json
var schema []byte

// Name is the tool's name; Task is its legacy alias.
const Name = "Agent"

// Runner runs sub-agents (spawn.Runner).
type Runner interface {
	Catalog() *subagent.Catalog
	// Run runs one to the end; Start launches one in the background,
	// its output file under dir.
	Run(ctx context.Context, req subagent.Request) (subagent.Outcome, error)
	Start(req subagent.Request, dir string) (subagent.Launched, error)
}

// agentTool is concurrency-safe (several agents run in parallel),
// read-only as a call (each of the sub-agent's own calls is checked) and
// cancelled by an interrupt.
type agentTool struct {
	tool.Base
	runner Runner
}

// New returns the Agent tool over a runner.
func New(r Runner) tool.Tool { return &agentTool{runner: r} }

func (*agentTool) Name() string                              { return Name }
func (*agentTool) Aliases() []string                         { return []string{"Task"} }
func (*agentTool) InputSchema() json.RawMessage              { return schema }
func (*agentTool) IsReadOnly(json.RawMessage) bool           { return true }
func (*agentTool) IsConcurrencySafe(json.RawMessage) bool    { return true }
func (*agentTool) InterruptBehavior() tool.InterruptBehavior { return tool.Cancel }

// Description lists each agent type with its description and tools.
func (t *agentTool) Description() string {
	var b strings.Builder
	for _, d := range t.runner.Catalog().All() {
		tools := toolsText(d)
		fmt.Fprintf(&b, "- %s: %s (Tools: %s)\n", d.Name, oneLine(d.Description), tools)
	}
	return strings.Replace(prompt, "{{AGENTS}}", strings.TrimRight(b.String(), "\n"), 1)
}

// toolsText says which tools an agent type has.
func toolsText(d subagent.Definition) string {
	switch {
	case d.Tools == nil && len(d.DisallowedTools) == 0:
		return "All tools"
	case d.Tools == nil:
		return "All tools except " + strings.Join(d.DisallowedTools, ", ")
	case len(d.Tools) == 0:
		return "None"
	}
	return strings.Join(subagent.SelectTools(d, d.Tools), ", ")
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

type input struct {
	Description     string `json:"description"`
	Prompt          string `json:"prompt"`
	SubagentType    string `json:"subagent_type"`
	Model           string `json:"model"`
	Effort          string `json:"effort"`
	RunInBackground bool   `json:"run_in_background"`
}

func decode(raw json.RawMessage) (input, error) {
	var in input
	if err := json.Unmarshal(raw, &in); err != nil {
		return in, fmt.Errorf("the input could not be read: %w", err)
	}
	switch {
	case strings.TrimSpace(in.Prompt) == "":
		return in, errors.New("prompt is empty: say what the agent must do")
	case strings.TrimSpace(in.Description) == "":
		return in, errors.New("description is empty: give a short (3-5 word) description of the task")
	}
	return in, nil
}

func (t *agentTool) ValidateInput(_ context.Context, raw json.RawMessage) error {
	in, err := decode(raw)
	if err != nil {
		return err
	}
	if _, err := t.runner.Catalog().Lookup(in.SubagentType); err != nil {
		return err
	}
	return nil
}

func (t *agentTool) Call(ctx context.Context, call tool.Call) (*tool.Result, error) {
	in, err := decode(call.Input)
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	req := subagent.Request{Type: in.SubagentType, Description: in.Description, Prompt: in.Prompt,
		Model: in.Model, ToolUseID: call.ID}
	if in.RunInBackground {
		return t.launch(req, call.Env)
	}
	o, err := t.runner.Run(ctx, req)
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	return result(o, in.Prompt), nil
}

func (t *agentTool) launch(req subagent.Request, env tool.Env) (*tool.Result, error) {
	l, err := t.runner.Start(req, env.SessionDir)
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	text := fmt.Sprintf("Async agent launched successfully.\nagentId: %s\nThe agent is working in the background. "+
		"You will be notified when it completes; its report will be in %s.", l.AgentID, l.OutputFile)
	return &tool.Result{Content: []provider.Block{provider.TextBlock(text)},
		Structured: Launched{Status: "async_launched", AgentID: l.AgentID, Description: req.Description,
			Prompt: req.Prompt, OutputFile: l.OutputFile}}, nil
}
