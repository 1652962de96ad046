package tui

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/event"
	"corvid/internal/permission"
	"corvid/internal/provider"
)

// A call the user refused shows their answer, not the instructions the
// model gets with the refusal ("STOP what you are doing …"); before,
// both were printed under the call.
func TestRefusedCallShowsTheAnswerOnly(t *testing.T) {
	turn := func(ctx context.Context, f *fakeConv) event.Result {
		f.sink(event.Assistant{Block: provider.Block{Type: provider.BlockToolUse, ID: "toolu_1", Name: "Bash",
			Input: []byte(`{"command":"touch x"}`)}})
		a, _ := f.asker.Ask(ctx, permission.Question{ToolName: "Bash", ToolUseID: "toolu_1",
			Input: []byte(`{"command":"touch x"}`), Reason: "needs approval"})
		f.sink(event.ToolResult{ToolUseID: "toolu_1", Block: provider.Block{Type: provider.BlockToolResult,
			ToolUseID: "toolu_1", IsError: true, Content: []provider.Block{provider.TextBlock(a.Message)}}})
		return event.Result{Subtype: event.SubtypeSuccess}
	}
	h := newHarness(t, 100, []turnFunc{turn}, nil)
	h.typeLine("make x")
	h.waitFor("the dialog", func(_, v string) bool { return strings.Contains(v, "Do you want to proceed?") })
	h.tm.Send(tea.KeyPressMsg{Code: tea.KeyEscape})
	h.waitFor("the refused call", func(p, _ string) bool { return strings.Contains(p, "⎿ No (refused by you)") })
	if p := h.scrollback(); strings.Contains(p, "want to proceed with this tool use") {
		t.Errorf("the model's instructions are shown:\n%s", p)
	}
}
