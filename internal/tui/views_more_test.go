package tui

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"corvid/internal/event"
	"corvid/internal/permission"
	"corvid/internal/provider"
)

// More view goldens: errors, narrow dialogs, thinking and expanded
// output, an interrupted turn.

// An API failure: the error line says what to do next; while the
// request is retried the notice counts the attempts, and it goes when
// the turn ends.
func TestAPIErrorView(t *testing.T) {
	release := make(chan struct{})
	fail := func(ctx context.Context, f *fakeConv) event.Result {
		f.sink(event.Retry{Attempt: 2, MaxRetries: 10, Status: 529, Message: "529 overloaded_error: Overloaded"})
		select {
		case <-release:
		case <-ctx.Done():
		}
		text := "API Error: 401 authentication_error: invalid x-api-key · check ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN"
		f.sink(event.Assistant{Block: provider.TextBlock(text), Error: "authentication_failed", Model: "<synthetic>"})
		return event.Result{Subtype: event.SubtypeSuccess, IsError: true, Text: text}
	}
	h := newHarness(t, 70, []turnFunc{fail}, nil)
	h.typeLine("hello")
	h.waitFor("the retry notice", func(_, v string) bool { return strings.Contains(v, "attempt 2/10") })
	golden.RequireEqual(t, []byte(h.currentView()))
	close(release)
	h.waitFor("the error", func(p, v string) bool {
		return strings.Contains(p, "ANTHROPIC_AUTH_TOKEN") && !strings.Contains(v, "Working")
	})
	if v := h.currentView(); strings.Contains(v, "Retrying") {
		t.Errorf("the retry notice outlived the turn:\n%s", v)
	}
	t.Run("scrollback", func(t *testing.T) { golden.RequireEqual(t, []byte(h.scrollback())) })
}

// A dialog at 60 columns: no line is wider than the terminal (the screen
// would cut it) and every word of the options is there, wrapped.
func TestPermissionDialogWrapsAt60(t *testing.T) {
	turn := func(ctx context.Context, f *fakeConv) event.Result {
		_, _ = f.asker.Ask(ctx, permission.Question{ToolName: "Bash", ToolUseID: "toolu_1",
			Input:       []byte(`{"command":"npm test -- --watch=false && npm run lint"}`),
			Reason:      "Bash command npm test needs approval in default mode",
			Suggestions: []string{"Bash(npm test:*)", "Bash(npm run lint:*)"}})
		return event.Result{Subtype: event.SubtypeSuccess}
	}
	h := newHarness(t, 60, []turnFunc{turn}, nil)
	h.typeLine("run the tests")
	h.waitFor("the dialog", func(_, v string) bool { return strings.Contains(v, "Do you want to proceed?") })
	v := h.currentView()
	for _, l := range strings.Split(v, "\n") {
		if w := len([]rune(l)); w > 60 {
			t.Errorf("a line of %d cells: %q", w, l)
		}
	}
	want := "2. Yes, and don't ask again for Bash(npm test:*), Bash(npm run lint:*)"
	if !strings.Contains(strings.Join(strings.Fields(v), " "), want) {
		t.Errorf("option 2 lost words:\n%s", v)
	}
	golden.RequireEqual(t, []byte(v))
	h.tm.Type("1")
}

// A finished thinking block is dimmed and cut to its first lines, a
// tool's output to four; ctrl+o prints the last output whole.
func TestThinkingAndExpandView(t *testing.T) {
	turn := func(ctx context.Context, f *fakeConv) event.Result {
		f.sink(event.Assistant{Block: provider.Block{Type: provider.BlockThinking,
			Thinking: "thought 1\nthought 2\nthought 3\nthought 4\nthought 5"}})
		f.tool("toolu_s", "Bash", `{"command":"seq 7"}`, "1\n2\n3\n4\n5\n6\n7", false)
		return event.Result{Subtype: event.SubtypeSuccess}
	}
	h := newHarness(t, 70, []turnFunc{turn}, nil)
	h.typeLine("count")
	h.waitFor("the collapsed call", func(p, v string) bool { return strings.Contains(p, "… +3 lines") && !strings.Contains(v, "Working") })
	h.key('o', tea.ModCtrl)
	h.waitFor("the output whole", func(p, v string) bool {
		return strings.Contains(p, "    7") && strings.Contains(v, "ctrl+o to collapse")
	})
	golden.RequireEqual(t, []byte(h.scrollback()))
}

// Esc in a stream: what streamed stays, the turn says it was
// interrupted, and the live region asks what to do instead.
func TestInterruptedView(t *testing.T) {
	h := newHarness(t, 70, []turnFunc{blockUntilInterrupt}, nil)
	h.typeLine("first")
	h.waitFor("the streamed block", func(p, _ string) bool { return strings.Contains(p, "still") })
	h.key(tea.KeyEscape, 0)
	h.waitFor("the interrupt", func(p, v string) bool {
		return strings.Contains(p, "Interrupted by user") && !strings.Contains(v, "Working")
	})
	golden.RequireEqual(t, []byte(h.scrollback()+"\n--- live region ---\n"+h.currentView()))
}
