package hook

import "context"

// SessionStart runs the SessionStart hooks (matched on source: startup,
// resume, clear or compact). Their additional context reaches the model
// with the next request.
func (s *Set) SessionStart(ctx context.Context, source, model string) {
	if !s.Has(SessionStart) {
		return
	}
	fields := map[string]any{"source": source}
	if model != "" {
		fields["model"] = model
	}
	for _, o := range s.fire(ctx, SessionStart, source, "", fields) {
		s.addContext(SessionStart, source, o.Specific.AdditionalContext)
	}
}

// SessionEnd runs the SessionEnd hooks (matched on reason). Nothing they
// answer changes anything: the session is over.
func (s *Set) SessionEnd(ctx context.Context, reason string) {
	if !s.Has(SessionEnd) {
		return
	}
	s.fire(ctx, SessionEnd, reason, "", map[string]any{"reason": reason})
}

// SubagentStopInput is what a SubagentStop hook is told.
type SubagentStopInput struct {
	AgentID, AgentType string
	// TranscriptPath is the sub-agent's own transcript.
	TranscriptPath string
	LastText       string
	// Active is set when the sub-agent already went on because of a
	// SubagentStop hook.
	Active bool
}

// SubagentStop runs the SubagentStop hooks (matched on the agent's type)
// when a sub-agent ends its work. A block returns the reason, which the
// sub-agent is given as its next instruction; "" lets it end.
func (s *Set) SubagentStop(ctx context.Context, in SubagentStopInput) string {
	if !s.Has(SubagentStop) {
		return ""
	}
	outs := s.fire(ctx, SubagentStop, in.AgentType, "", map[string]any{"stop_hook_active": in.Active,
		"last_assistant_message": in.LastText, "agent_id": in.AgentID, "agent_type": in.AgentType,
		"agent_transcript_path": in.TranscriptPath})
	for _, o := range outs {
		if o.Decision == "block" {
			if r := o.reason(); r != "" {
				return r
			}
			return "A SubagentStop hook asked to continue."
		}
	}
	return ""
}

// SubagentStopper returns one sub-agent's stop point for
// engine.ForSubagent: its SubagentStop hooks, told the agent's id, type
// and transcript. It is nil when there are no SubagentStop hooks.
func (s *Set) SubagentStopper(agentID, agentType, transcriptPath string) func(ctx context.Context, lastText string, active bool) string {
	if !s.Has(SubagentStop) {
		return nil
	}
	return func(ctx context.Context, lastText string, active bool) string {
		return s.SubagentStop(ctx, SubagentStopInput{AgentID: agentID, AgentType: agentType,
			TranscriptPath: transcriptPath, LastText: lastText, Active: active})
	}
}
