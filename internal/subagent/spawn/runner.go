package spawn

import (
	"context"
	"corvid/internal/subagent"
	"crypto/rand"
	"encoding/hex"
	"time"

	"corvid/internal/cost"
	"corvid/internal/engine"
	"corvid/internal/event"
	"corvid/internal/provider"
)

// Runner runs sub-agents of one parent conversation.
type Runner struct {
	parent  Parent
	catalog *subagent.Catalog
	bg      *background
}

// NewRunner returns a runner for p's sub-agents over the agent types of c.
func NewRunner(p Parent, c *subagent.Catalog) *Runner {
	return &Runner{parent: p, catalog: c, bg: newBackground()}
}

// Catalog returns the agent types.
func (r *Runner) Catalog() *subagent.Catalog { return r.catalog }

// sink forwards the child's events to the parent's sink, each with the
// Agent call as its origin, and counts the child's own tool calls.
func (r *Runner) sink(c *child, toolUseID string, parent event.Sink) event.Sink {
	return func(ev event.Event) {
		if _, ok := ev.(event.ToolResult); ok && !event.Nested(ev) {
			c.toolUses.Add(1)
		}
		if ts, ok := ev.(event.ToolStarted); ok && c.background && !event.Nested(ev) {
			r.progress(c.id, ts.ToolName)
		}
		if parent != nil {
			parent(event.WithOrigin(ev, event.Origin{ParentToolUseID: toolUseID, AgentID: c.id}))
		}
	}
}

// Run runs a sub-agent to the end and returns its outcome. Cancelling ctx
// stops it; the outcome then reports the interrupt. The error is for a
// request that could not start (unknown type or model).
func (r *Runner) Run(ctx context.Context, req subagent.Request) (subagent.Outcome, error) {
	c, err := r.prepare(req, true)
	if err != nil {
		return subagent.Outcome{}, err
	}
	return r.run(ctx, c, req), nil
}

func (r *Runner) run(ctx context.Context, c *child, req subagent.Request) subagent.Outcome {
	if c.closeRec != nil {
		defer c.closeRec()
	}
	start := time.Now()
	c.cfg.Sink(event.UserText{Text: req.Prompt})
	res := engine.New(c.cfg).Submit(ctx, req.Prompt)
	r.rollUp(c.costs)
	text := res.Text
	if text == "" && len(res.Errors) > 0 {
		text = res.Errors[0]
	}
	return subagent.Outcome{AgentID: c.id, Type: c.def.Name, Text: text, IsError: res.IsError, Subtype: res.Subtype,
		Errors: res.Errors, ToolUses: int(c.toolUses.Load()), Turns: res.NumTurns,
		Duration: time.Since(start), Usage: c.costs.Usage(), CostUSD: c.costs.TotalUSD()}
}

// rollUp adds a child's usage, money and API time to the parent's totals.
func (r *Runner) rollUp(child *cost.Tracker) {
	parent := r.parent.Deps().Costs
	if parent == nil {
		return
	}
	for id, m := range child.ModelUsage() {
		parent.Add(id, provider.Usage{InputTokens: m.InputTokens, OutputTokens: m.OutputTokens,
			CacheReadInputTokens: m.CacheReadInputTokens, CacheCreationInputTokens: m.CacheCreationInputTokens,
			WebSearchRequests: m.WebSearchRequests})
	}
	parent.AddAPIDuration(child.APIDuration(), child.APIDurationWithoutRetries())
}

// newAgentID returns a short random id (hex), as Claude Code's agent ids.
func newAgentID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return "a" + hex.EncodeToString(b[:])
}
