package engine

import "context"

// stopFunc is a Stop hook point on its own: a non-empty answer is the
// model's next instruction.
type stopFunc = func(ctx context.Context, lastText string, active bool) string

// subagentStopper is what hooks that also hold SubagentStop hooks offer:
// the stop point of one sub-agent (nil when they have none).
type subagentStopper interface {
	SubagentStopper(agentID, agentType, transcriptPath string) func(ctx context.Context, lastText string, active bool) string
}

// ForSubagent returns the hook points of a sub-agent whose parent
// conversation has h: the tool points (PreToolUse, PostToolUse,
// PostToolUseFailure) and PermissionRequest and Notification are the
// parent's; the session, prompt and compaction points do not fire; the
// parent's SubagentStop hooks, told the agent's id, type and transcript,
// take Stop's place. It returns nil for nil hooks.
func ForSubagent(h Hooks, agentID, agentType, transcriptPath string) Hooks {
	if h == nil {
		return nil
	}
	var stop stopFunc
	if s, ok := h.(subagentStopper); ok {
		stop = s.SubagentStopper(agentID, agentType, transcriptPath)
	}
	return subagentHooks{Hooks: h, stop: stop}
}

type subagentHooks struct {
	Hooks
	stop stopFunc
}

func (s subagentHooks) Stop(ctx context.Context, lastText string, active bool) string {
	if s.stop == nil {
		return ""
	}
	return s.stop(ctx, lastText, active)
}

func (subagentHooks) UserPromptSubmit(context.Context, string) (bool, string) { return false, "" }

func (subagentHooks) SessionStart(context.Context, string, string) {}

func (subagentHooks) SessionEnd(context.Context, string) {}

func (subagentHooks) PreCompact(context.Context, string, string) ([]string, error) { return nil, nil }

func (subagentHooks) PostCompact(context.Context, string, string) {}
