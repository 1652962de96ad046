package engine

import (
	"context"

	"corvid/internal/executor"
	"corvid/internal/permission"
	"corvid/internal/tool"
)

// noHooks is the Hooks of a conversation without any: every point lets
// things go on as if it were not there.
type noHooks struct{}

func (noHooks) PreToolUse(context.Context, executor.HookInput) executor.HookDecision {
	return executor.HookDecision{}
}

func (noHooks) PostToolUse(context.Context, executor.HookInput, *tool.Result) *tool.Result {
	return nil
}

func (noHooks) PostToolUseFailure(context.Context, executor.HookInput, *tool.Result) *tool.Result {
	return nil
}

func (noHooks) UserPromptSubmit(context.Context, string) (bool, string) { return false, "" }

func (noHooks) Stop(context.Context, string, bool) string { return "" }

func (noHooks) SessionStart(context.Context, string, string) {}

func (noHooks) SessionEnd(context.Context, string) {}

func (noHooks) PreCompact(context.Context, string, string) ([]string, error) { return nil, nil }

func (noHooks) PostCompact(context.Context, string, string) {}

func (noHooks) PermissionRequest(context.Context, permission.Question) (permission.Answer, bool) {
	return permission.Answer{}, false
}

func (noHooks) Notification(context.Context, string, string, string) {}
