package engine

import (
	"slices"

	"corvid/internal/provider"
)

// Policy returns the policy in effect: the next turn runs under it.
func (e *Engine) Policy() Policy {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.policy.clone()
}

// UpdatePolicy changes the policy from the next turn on (a host's
// set_model, set_max_thinking_tokens): change edits a copy of the policy
// in effect, which then replaces it whole. A running turn keeps the policy
// it began with, a reader never sees half a change, and two updates made
// at once both apply, one after the other. It is safe to call from any
// goroutine; change must not call back into the engine.
func (e *Engine) UpdatePolicy(change func(*Policy)) {
	e.mu.Lock()
	defer e.mu.Unlock()
	p := e.policy.clone()
	change(&p)
	e.policy = p
}

// clone copies p deeply enough that the copy's fallbacks and reasoning
// can be changed without touching p's.
func (p Policy) clone() Policy {
	p.FallbackModels = slices.Clone(p.FallbackModels)
	if p.Reasoning != nil {
		r := *p.Reasoning
		p.Reasoning = &r
	}
	return p
}

// reasoning is what the turn's requests ask of extended thinking: the
// configured reasoning, with the budget a host set (MaxThinkingTokens)
// taking its place.
func (p *Policy) reasoning() *provider.Reasoning {
	if p.MaxThinkingTokens <= 0 {
		return p.Reasoning
	}
	r := provider.Reasoning{}
	if p.Reasoning != nil {
		r = *p.Reasoning
	}
	r.BudgetTokens = p.MaxThinkingTokens
	return &r
}
