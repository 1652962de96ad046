package subagent

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"corvid/internal/cost"
	"corvid/internal/engine"
	"corvid/internal/event"
	"corvid/internal/filestate"
	"corvid/internal/model"
	"corvid/internal/provider"
	"corvid/internal/tool"
)

// Request is one Agent call.
type Request struct {
	Type        string
	Description string
	Prompt      string
	Model       string
	// ToolUseID is the Agent tool_use id: the sub-agent's events carry it.
	ToolUseID string
}

// Outcome is what a finished sub-agent reports.
type Outcome struct {
	AgentID  string
	Type     string
	Text     string
	IsError  bool
	Subtype  string
	Errors   []string
	ToolUses int
	Turns    int
	Duration time.Duration
	Usage    provider.Usage
	CostUSD  float64
}

// Tokens is the outcome's total token count.
func (o Outcome) Tokens() int {
	u := o.Usage
	return u.InputTokens + u.OutputTokens + u.CacheReadInputTokens + u.CacheCreationInputTokens
}

// Runner runs sub-agents of one parent conversation.
type Runner struct {
	parent  Parent
	catalog *Catalog
	bg      *background
}

// NewRunner returns a runner for p's sub-agents over the agent types of c.
func NewRunner(p Parent, c *Catalog) *Runner {
	return &Runner{parent: p, catalog: c, bg: newBackground()}
}

// Catalog returns the agent types.
func (r *Runner) Catalog() *Catalog { return r.catalog }

// child is one prepared sub-agent.
type child struct {
	id       string
	def      Definition
	cfg      engine.Config
	costs    *cost.Tracker
	toolUses atomic.Int64
	closeRec func()
}

// prepare checks the request and builds the child's configuration.
// Only a foreground child's events reach the parent's sink: a background
// one may outlive the turn whose result closed the stream.
func (r *Runner) prepare(req Request, foreground bool) (*child, error) {
	def, err := r.catalog.Lookup(req.Type)
	if err != nil {
		return nil, err
	}
	m, err := r.model(def, req)
	if err != nil {
		return nil, err
	}
	c := &child{id: newAgentID(), def: def, costs: &cost.Tracker{}}
	cfg := r.parent.Base()
	reg, err := r.tools(def, cfg.Tools)
	if err != nil {
		return nil, err
	}
	parentCosts, budget := cfg.Costs, cfg.MaxBudgetUSD
	cfg.Tools, cfg.Model, cfg.Costs, cfg.MaxBudgetUSD = reg, m, c.costs, 0
	cfg.Permission = r.parent.Permission(def.PermissionMode)
	cfg.System = []string{def.Prompt, r.parent.Environment()}
	cfg.MaxTurns = def.MaxTurns
	if cfg.MaxTurns <= 0 {
		cfg.MaxTurns = DefaultMaxTurns
	}
	if budget > 0 && parentCosts != nil {
		cfg.MaxBudgetUSD = max(budget-parentCosts.TotalUSD(), 1e-9)
	}
	cfg.History, cfg.Opening, cfg.Reminders, cfg.SlashCommands = nil, nil, nil, nil
	cfg.Init, cfg.Stop, cfg.Structured = nil, nil, nil
	cfg.Compaction.Carry, cfg.Compaction.PreCompact = nil, nil
	if !foreground {
		cfg.Sink = nil
	}
	cfg.Sink = r.sink(c, req.ToolUseID, cfg.Sink)
	cfg.Transcript = nil
	if r.parent.Transcript != nil {
		rec, closeRec, err := r.parent.Transcript(c.id)
		if err != nil {
			return nil, fmt.Errorf("sub-agent transcript: %w", err)
		}
		cfg.Transcript, c.closeRec = rec, closeRec
	}
	c.cfg = cfg
	return c, nil
}

// model picks the request's model, else the definition's, else the
// parent's.
func (r *Runner) model(def Definition, req Request) (model.Info, error) {
	name := req.Model
	if name == "" {
		name = def.Model
	}
	if name == "" || name == "inherit" {
		return r.parent.Model(), nil
	}
	m := r.parent.Resolve(name)
	if m.ID == "" {
		return model.Info{}, fmt.Errorf("agent %s: unknown model %q", def.Name, name)
	}
	return m, nil
}

// tools builds the child's registry: the parent's tools that the
// definition allows, never the Agent tool, with the file tools replaced
// by fresh ones over a copy of the parent's file-state cache (made only
// when the child gets a file tool).
func (r *Runner) tools(def Definition, parent *tool.Registry) (*tool.Registry, error) {
	offered := slices.DeleteFunc(parent.Names(), func(n string) bool { return slices.Contains(agentToolNames, n) })
	names := SelectTools(def, offered)
	var own map[string]tool.Tool
	var picked []tool.Tool
	for _, t := range parent.Tools() {
		if !slices.Contains(names, t.Name()) {
			continue
		}
		if own == nil && r.parent.FileTools != nil {
			own = r.fileTools(names)
		}
		if fresh, ok := own[t.Name()]; ok {
			t = fresh
		}
		picked = append(picked, t)
	}
	return tool.NewRegistry(picked...)
}

// fileTools returns fresh file tools by name over the child's own cache,
// seeded with the parent's entries when the child gets one of them.
func (r *Runner) fileTools(names []string) map[string]tool.Tool {
	files := filestate.New()
	out := map[string]tool.Tool{}
	for _, t := range r.parent.FileTools(files) {
		out[t.Name()] = t
	}
	for name := range out {
		if slices.Contains(names, name) {
			files.Seed(r.parent.Files())
			break
		}
	}
	return out
}

// sink forwards the child's events to the parent's sink as event.Sub and
// counts its tool calls.
func (r *Runner) sink(c *child, toolUseID string, parent event.Sink) event.Sink {
	return func(ev event.Event) {
		if _, ok := ev.(event.ToolResult); ok {
			c.toolUses.Add(1)
		}
		if parent != nil {
			parent(event.Sub{ParentToolUseID: toolUseID, AgentID: c.id, Event: ev})
		}
	}
}

// Run runs a sub-agent to the end and returns its outcome. Cancelling ctx
// stops it; the outcome then reports the interrupt. The error is for a
// request that could not start (unknown type or model).
func (r *Runner) Run(ctx context.Context, req Request) (Outcome, error) {
	c, err := r.prepare(req, true)
	if err != nil {
		return Outcome{}, err
	}
	return r.run(ctx, c, req), nil
}

func (r *Runner) run(ctx context.Context, c *child, req Request) Outcome {
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
	return Outcome{AgentID: c.id, Type: c.def.Name, Text: text, IsError: res.IsError, Subtype: res.Subtype,
		Errors: res.Errors, ToolUses: int(c.toolUses.Load()), Turns: res.NumTurns,
		Duration: time.Since(start), Usage: c.costs.Usage(), CostUSD: c.costs.TotalUSD()}
}

// rollUp adds a child's usage, money and API time to the parent's totals.
func (r *Runner) rollUp(child *cost.Tracker) {
	parent := r.parent.Base().Costs
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
