package spawn

import (
	"fmt"

	"corvid/internal/engine"
	"corvid/internal/model"
	"corvid/internal/subagent"
)

// deps are the parent's services as a child uses them: the same
// provider; the parent's tools that the definition allows; the parent's
// permission checker under the definition's mode (never wider); the
// parent's hooks with SubagentStop in Stop's place; the child's own cost
// tracker (rolled up into the parent's when it ends); and the parent's
// sink, each event tagged with the Agent call (a background child's
// events go nowhere).
func (r *Runner) deps(c *child, def subagent.Definition, toolUseID string, foreground bool) (engine.Deps, error) {
	p := r.parent.Deps()
	reg, err := r.tools(def, p.Tools)
	if err != nil {
		return engine.Deps{}, err
	}
	sink := p.Sink
	if !foreground {
		sink = nil
	}
	return engine.Deps{Provider: p.Provider, Tools: reg, Permission: r.parent.Permission(def.PermissionMode),
		Hooks: engine.ForSubagent(p.Hooks, c.id, def.Name, ""), Costs: c.costs,
		Sink: r.sink(c, toolUseID, sink), BeforeCall: p.BeforeCall}, nil
}

// policy is the parent's policy in effect (retries, fallbacks, output
// and compaction limits…) with the child's model, its definition's turn
// limit and what is left of the parent's budget. A host's thinking
// budget is for the parent's turns.
func (r *Runner) policy(def subagent.Definition, m model.Info, p engine.Policy) engine.Policy {
	budget := p.MaxBudgetUSD
	p.Model, p.MaxThinkingTokens, p.MaxTurns, p.MaxBudgetUSD = m, 0, def.MaxTurns, 0
	if p.MaxTurns <= 0 {
		p.MaxTurns = DefaultMaxTurns
	}
	if spent := r.parent.Deps().Costs; budget > 0 && spent != nil {
		p.MaxBudgetUSD = max(budget-spent.TotalUSD(), 1e-9)
	}
	return p
}

// state is the child's own: the parent's session and directories, its
// definition's prompt with the skills it preloads and the environment
// facts, and its own transcript. Nothing else of the parent's state
// (history, opening reminders, reminder and attachment queues, what a
// compaction carries, structured output, the init event) is the child's.
func (r *Runner) state(c *child, def subagent.Definition) (engine.State, error) {
	skills, err := r.skills(def)
	if err != nil {
		return engine.State{}, err
	}
	p := r.parent.State()
	s := engine.State{SessionID: p.SessionID, Cwd: p.Cwd, Dirs: p.Dirs, SessionDir: p.SessionDir,
		System: append(append([]string{def.Prompt}, skills...), r.parent.Environment())}
	if r.parent.Transcript != nil {
		rec, closeRec, err := r.parent.Transcript(c.id)
		if err != nil {
			return engine.State{}, fmt.Errorf("sub-agent transcript: %w", err)
		}
		s.Transcript, c.closeRec = rec, closeRec
	}
	return s, nil
}
