package app

import (
	"context"

	"corvid/internal/hook"
)

// stopHook adapts the Stop hooks to the engine's stop point.
func stopHook(h *hook.Set) func(ctx context.Context, last string, active bool) string {
	if !h.Has(hook.Stop) {
		return nil
	}
	return h.Stop
}

// hookContext is the reminder source for hooks' additional context.
func hookContext(h *hook.Set) func() []string {
	if h == nil {
		return func() []string { return nil }
	}
	return h.Context
}
