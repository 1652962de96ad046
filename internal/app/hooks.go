package app

import (
	"context"
	"fmt"
	"time"

	"corvid/internal/engine"
	"corvid/internal/hook"
	"corvid/internal/permission"
)

// sessionEndBudget bounds the SessionEnd hooks when a conversation
// closes (Claude Code gives them about as long).
const sessionEndBudget = 1500 * time.Millisecond

var _ engine.Hooks = (*hook.Set)(nil)

// engineHooks is h as the engine's hook points; nil when there are none
// (a nil *hook.Set must not become a non-nil interface).
func engineHooks(h *hook.Set) engine.Hooks {
	if h == nil {
		return nil
	}
	return h
}

// hookContext is the reminder source for hooks' additional context.
func hookContext(h *hook.Set) func() []string {
	if h == nil {
		return func() []string { return nil }
	}
	return h.Context
}

// withHookAsker puts the PermissionRequest and Notification hooks in
// front of asker, when there are any.
func withHookAsker(asker permission.Asker, h *hook.Set) permission.Asker {
	if !h.Has(hook.PermissionRequest) && (asker == nil || !h.Has(hook.Notification)) {
		return asker
	}
	return hookAsker{inner: asker, hooks: h}
}

// hookAsker lets PermissionRequest hooks answer a permission question
// before anyone is asked, and tells Notification hooks that someone is.
type hookAsker struct {
	inner permission.Asker // nil: nobody to ask (-p)
	hooks engine.Hooks
}

func (a hookAsker) Ask(ctx context.Context, q permission.Question) (permission.Answer, error) {
	if ans, ok := a.hooks.PermissionRequest(ctx, q); ok {
		return ans, nil
	}
	if a.inner == nil {
		return permission.Answer{Message: fmt.Sprintf(
			"corvid needs permission to use %s, which has not been granted: %s.", q.ToolName, q.Reason)}, nil
	}
	// The notification runs while the question waits for its answer.
	done := make(chan struct{})
	go func() {
		defer close(done)
		a.hooks.Notification(ctx, hook.NotifyPermission, "corvid needs your permission to use "+q.ToolName,
			"Permission needed")
	}()
	ans, err := a.inner.Ask(ctx, q)
	<-done
	return ans, err
}
