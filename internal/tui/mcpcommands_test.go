package tui

import (
	"context"
	"strings"
	"testing"

	"corvid/internal/event"
)

// The / menu follows the commands each turn's init event reports, so an
// MCP prompt a server added mid-session (prompts/list_changed) can be
// completed from the next turn on.
func TestMenuFollowsInitCommands(t *testing.T) {
	grown := func(ctx context.Context, f *fakeConv) event.Result {
		f.sink(event.Init{Model: "claude-test", Commands: []event.Command{
			{Name: "mcp__fix__grown", Description: "Added by grow (MCP)", ArgumentHint: "a b"}}})
		return answer("grew")(ctx, f)
	}
	h := newHarness(t, 80, []turnFunc{grown}, nil)
	h.typeLine("grow") // any turn; an unknown /name is no longer sent to the model
	h.waitFor("the reply", func(p, _ string) bool { return strings.Contains(p, "grew") })
	h.tm.Type("/mcp__fix__gr")
	h.waitFor("the menu with the new prompt", func(_, v string) bool {
		return strings.Contains(v, "/mcp__fix__grown") && strings.Contains(v, "Added by grow (MCP)")
	})
}
