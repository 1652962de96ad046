package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"corvid/internal/event"
)

// /hooks lists what the conversation reports: event, matcher (* for
// none), command and settings file, aligned, lines cut to the width.
func TestHooksList(t *testing.T) {
	h := newHarness(t, 80, nil, nil)
	h.conv.mu.Lock()
	h.conv.hooks = []event.HookConfig{
		{Event: "PreToolUse", Matcher: "Bash", Command: "sh .claude/hooks/guard.sh", File: ".claude/settings.json"},
		{Event: "SessionStart", Command: "echo ready", File: "~/.claude/settings.json"},
		{Event: "PostToolUse", Matcher: "Edit|Write", Command: "gofmt -w \"$CLAUDE_PROJECT_DIR\" && go vet ./... && echo formatted",
			File: ".claude/settings.local.json"},
	}
	h.conv.mu.Unlock()
	h.typeLine("/hooks")
	h.waitFor("the list", func(p, _ string) bool { return strings.Contains(p, "echo ready") })
	golden.RequireEqual(t, []byte(h.scrollback()))
}

// Without hooks /hooks says so.
func TestHooksNone(t *testing.T) {
	h := newHarness(t, 80, nil, nil)
	h.typeLine("/hooks")
	h.waitFor("the notice", func(p, _ string) bool { return strings.Contains(p, "No hooks configured") })
}
