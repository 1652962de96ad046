package anthropic

import (
	"corvid/internal/provider"
)

// minBudget is the smallest thinking budget the API accepts.
const minBudget = 1024

// contextManagement is the request's context_management object.
type contextManagement struct {
	Edits []contextEdit `json:"edits"`
}

type contextEdit struct {
	Type string `json:"type"`
	Keep string `json:"keep"`
}

// clearThinking keeps every earlier thinking block in context, as Claude
// Code asks whenever thinking is on.
var clearThinking = &contextManagement{Edits: []contextEdit{{Type: "clear_thinking_20251015", Keep: "all"}}}

type outputConfig struct {
	Effort string `json:"effort"`
}

// shape is what the adapter adds to a request for its model: the
// thinking settings and the betas they and the model need.
type shape struct {
	thinking    *provider.Thinking
	context     *contextManagement
	output      *outputConfig
	temperature *float64
	betas       []string
}

// shapeFor works out the shape of req from the model's capabilities and
// req's neutral fields (Reasoning, LongContext). An explicit req.Thinking
// is sent as it is.
func shapeFor(req *provider.Request) shape {
	caps := capsOf(req.Model)
	var s shape
	s.thinking = req.Thinking
	if s.thinking == nil && req.Reasoning != nil {
		s.reason(caps, req.Reasoning, req.MaxTokens)
	}
	if s.thinking != nil && s.thinking.Type != "disabled" {
		s.context = clearThinking
	}
	s.betas = betasFor(caps, req.LongContext, s.output != nil)
	return s
}

// reason fills the thinking fields for r on a model with caps.
func (s *shape) reason(caps modelCaps, r *provider.Reasoning, maxTokens int) {
	switch caps.thinking {
	case thinkAdaptive:
		s.thinking = &provider.Thinking{Type: "adaptive"}
	case thinkBudget:
		budget := r.BudgetTokens
		if budget == 0 || budget > maxTokens-1 {
			budget = maxTokens - 1
		}
		if r.BudgetTokens < 0 || budget < minBudget {
			s.thinking = &provider.Thinking{Type: "disabled"}
			s.temperature = new(1.0)
			return
		}
		s.thinking = &provider.Thinking{Type: "enabled", BudgetTokens: budget}
	default:
		return
	}
	if caps.effort != "" {
		effort := r.Effort
		if effort == "" {
			effort = caps.effort
		}
		s.output = &outputConfig{Effort: effort}
	}
}

// betasFor lists the anthropic-beta values, in Claude Code's order.
func betasFor(caps modelCaps, longContext, effort bool) []string {
	betas := []string{betaClaudeCode}
	if longContext {
		betas = append(betas, beta1M)
	}
	if caps.thinking == thinkNone {
		return betas
	}
	betas = append(betas, betaInterleaved, betaContextMgmt)
	if caps.codeAfterThinking {
		betas = append(betas[1:], betaClaudeCode)
	}
	if caps.perTurn {
		betas = append(betas, betaPerTurn)
	}
	if caps.midConversation {
		betas = append(betas, betaMidConversation)
	}
	betas = append(betas, betaThinkingCount, betaAdvancedTools)
	if effort {
		betas = append(betas, betaEffort)
	}
	return betas
}
