package app

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"corvid/internal/permission"
)

// DebugCategories are the --debug categories that log something: api
// (each API request attempt and how it ended), hooks (each settings hook
// run, its timing and outcome) and permissions (each
// permission decision and its reason).
var DebugCategories = []string{"api", "hooks", "permissions"}

// debugParts splits a --debug filter into its trimmed, non-empty parts.
func debugParts(filter string) []string {
	var parts []string
	for _, p := range strings.Split(filter, ",") {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	return parts
}

// debugEnabled reports whether the --debug filter selects category: "all"
// or a list naming it, and not negating it ("!x"). A list of negations
// only selects everything else, as Claude Code's filter does.
func debugEnabled(filter, category string) bool {
	parts := debugParts(filter)
	if len(parts) == 0 || slices.Contains(parts, "!"+category) {
		return false
	}
	if slices.Contains(parts, "all") || slices.Contains(parts, category) {
		return true
	}
	return !slices.ContainsFunc(parts, func(p string) bool { return !strings.HasPrefix(p, "!") })
}

// UnknownDebugCategories lists the categories of a --debug filter that
// log nothing in corvid.
func UnknownDebugCategories(filter string) []string {
	var out []string
	for _, p := range debugParts(filter) {
		name := strings.TrimPrefix(p, "!")
		if name != "all" && !slices.Contains(DebugCategories, name) {
			out = append(out, name)
		}
	}
	return out
}

// loggedChecker writes every permission decision and its reason to w
// (--debug permissions).
type loggedChecker struct {
	inner permission.Checker
	mu    sync.Mutex
	w     io.Writer
}

func (l *loggedChecker) Check(ctx context.Context, req permission.Request) permission.Decision {
	d := l.inner.Check(ctx, req)
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.w, "[permissions] %s %s %s: %s\n", req.Tool.Name(), req.ToolUseID, d.Behavior, d.Reason)
	return d
}

// withDebug wraps the gate when --debug asks for permission decisions.
func withDebug(opts Options, gate permission.Checker) permission.Checker {
	if opts.Stderr == nil || !debugEnabled(opts.Debug, "permissions") {
		return gate
	}
	return &loggedChecker{inner: gate, w: opts.Stderr}
}
