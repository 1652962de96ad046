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

// debugEnabled reports whether the --debug filter selects category:
// "all", or a comma list that names it and does not negate it ("!x").
func debugEnabled(filter, category string) bool {
	if filter == "" {
		return false
	}
	parts := strings.Split(filter, ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	if slices.Contains(parts, "!"+category) {
		return false
	}
	return filter == "all" || slices.Contains(parts, category)
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
