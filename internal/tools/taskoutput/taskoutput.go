// Package taskoutput is the TaskOutput tool: it reports a background
// sub-agent's status and final report (internal/subagent), waiting for
// it to finish when asked, and hands shell ids to BashOutput.
//
// Only the composition root (internal/app) imports it.
package taskoutput

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"corvid/internal/shells"
	"corvid/internal/subagent"
	"corvid/internal/tool"
)

//go:embed prompt.md
var prompt string

//go:embed schema.json
var schema []byte

const (
	defaultTimeout = 30 * time.Second
	maxTimeout     = 10 * time.Minute
	// maxText caps the report put in the result; the rest stays in the
	// output file.
	maxText = 30000
)

// Agents reports background sub-agents (spawn.Runner).
type Agents interface {
	Task(ctx context.Context, id string, block bool) (subagent.Task, bool)
}

// Shells waits for background shells (shells.Manager).
type Shells interface {
	Wait(ctx context.Context, id string) (shells.Info, error)
}

// outputTool reads only; it is safe beside other calls.
type outputTool struct {
	tool.Base
	agents Agents
	shells Shells
	read   tool.Tool // BashOutput
}

// New returns TaskOutput over the background agents, the background
// shells and the BashOutput tool that reads shells.
func New(agents Agents, sh Shells, bashOutput tool.Tool) tool.Tool {
	return &outputTool{agents: agents, shells: sh, read: bashOutput}
}

func (*outputTool) Name() string                           { return "TaskOutput" }
func (*outputTool) Description() string                    { return prompt }
func (*outputTool) InputSchema() json.RawMessage           { return schema }
func (*outputTool) IsReadOnly(json.RawMessage) bool        { return true }
func (*outputTool) IsConcurrencySafe(json.RawMessage) bool { return true }

type input struct {
	TaskID  string   `json:"task_id"`
	Block   *bool    `json:"block"`
	Timeout *float64 `json:"timeout"`
}

type request struct {
	id      string
	block   bool
	timeout time.Duration
}

func decode(raw json.RawMessage) (request, error) {
	var in input
	if err := json.Unmarshal(raw, &in); err != nil {
		return request{}, fmt.Errorf("the input could not be read: %w", err)
	}
	r := request{id: strings.TrimSpace(in.TaskID), block: in.Block == nil || *in.Block, timeout: defaultTimeout}
	if r.id == "" {
		return request{}, errEmptyID
	}
	if in.Timeout != nil {
		ms := *in.Timeout
		if ms < 0 || ms > float64(maxTimeout/time.Millisecond) {
			return request{}, fmt.Errorf("timeout must be between 0 and %d milliseconds, got %v", maxTimeout/time.Millisecond, ms)
		}
		r.timeout = time.Duration(ms * float64(time.Millisecond))
	}
	return r, nil
}

func (*outputTool) ValidateInput(_ context.Context, raw json.RawMessage) error {
	_, err := decode(raw)
	return err
}

func (t *outputTool) Call(ctx context.Context, call tool.Call) (*tool.Result, error) {
	req, err := decode(call.Input)
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	wctx, cancel := context.WithTimeout(ctx, req.timeout)
	defer cancel()
	if t.agents != nil {
		if task, ok := t.agents.Task(wctx, req.id, req.block); ok {
			return agentResult(task, req.block), nil
		}
	}
	return t.shell(ctx, wctx, call, req)
}

// shell waits for a background shell when asked, then lets BashOutput
// read it.
func (t *outputTool) shell(ctx, wctx context.Context, call tool.Call, req request) (*tool.Result, error) {
	notFound := tool.UseError("No background task found with ID: " + req.id)
	if t.read == nil {
		return notFound, nil
	}
	if req.block && t.shells != nil {
		_, _ = t.shells.Wait(wctx, req.id) // not found or timed out: BashOutput says which
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	readCall := call
	readCall.Input, _ = json.Marshal(map[string]string{"bash_id": req.id})
	res, err := t.read.Call(ctx, readCall)
	if res != nil && res.IsError && strings.Contains(res.TextOf(), "No background shell found") {
		return notFound, nil
	}
	return res, err
}
