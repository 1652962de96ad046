package tui

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/event"
	"corvid/internal/permission"
)

// guardClock is a test's settable time.
type guardClock struct {
	mu  sync.Mutex
	now time.Time
}

// processed waits until the program has handled every message sent
// before: a resize to width, sent after them, shows in the view.
func (h *harness) processed(width int) {
	h.t.Helper()
	h.tm.Send(tea.WindowSizeMsg{Width: width, Height: 30})
	rule := strings.Repeat("─", width-1)
	h.waitFor("the resize", func(_, v string) bool {
		for _, l := range strings.Split(v, "\n") {
			if strings.TrimSpace(l) == rule {
				return true
			}
		}
		return false
	})
}

func (c *guardClock) get() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *guardClock) add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// Typing that reaches a permission dialog does not answer it: "fix issue
// 1" and enter, typed as the dialog opens, approve nothing (and are
// dropped, as Claude Code drops them); a "1" pressed on its own
// afterwards answers. Before,
// the "1" inside the typing approved the call (seen in tmux with
// send-keys 'xyz1': the command ran).
func TestTypingDoesNotAnswerThePermissionDialog(t *testing.T) {
	clk := &guardClock{now: time.Date(2026, 11, 26, 4, 0, 0, 0, time.UTC)}
	got := make(chan permission.Answer, 1)
	turn := func(ctx context.Context, f *fakeConv) event.Result {
		a, _ := f.asker.Ask(ctx, permission.Question{ToolName: "Bash", ToolUseID: "toolu_1",
			Input: []byte(`{"command":"touch x"}`), Reason: "needs approval"})
		got <- a
		return event.Result{Subtype: event.SubtypeSuccess}
	}
	h := newHarness(t, 80, []turnFunc{turn}, func(o *Options) { o.now = clk.get })
	h.typeLine("make x")
	h.waitFor("the dialog", func(_, v string) bool { return strings.Contains(v, "Do you want to proceed?") })
	h.tm.Type("fix issue 1")
	h.key(tea.KeyEnter, 0)
	h.tm.Type("2")
	h.processed(81) // every key above was handled, at the clock's time
	select {
	case a := <-got:
		t.Fatalf("typing answered the dialog: %+v", a)
	default:
	}
	if v := h.currentView(); !strings.Contains(v, "Do you want to proceed?") {
		t.Fatalf("the dialog closed:\n%s", v)
	}
	clk.add(time.Second) // a look at the dialog, then a key on its own
	h.tm.Type("1")
	if a := <-got; !a.Allow || a.Always {
		t.Errorf("answer %+v, want yes once", a)
	}
	h.waitFor("an empty box", func(_, v string) bool { return strings.Contains(v, "> Type a message") })
}

// A paste while a permission dialog is open is dropped (as in Claude
// Code), and an enter right after it does not answer.
func TestPasteDuringThePermissionDialogDoesNotAnswer(t *testing.T) {
	clk := &guardClock{now: time.Date(2026, 11, 26, 4, 0, 0, 0, time.UTC)}
	got := make(chan permission.Answer, 1)
	turn := func(ctx context.Context, f *fakeConv) event.Result {
		a, _ := f.asker.Ask(ctx, permission.Question{ToolName: "Bash", ToolUseID: "toolu_1",
			Input: []byte(`{"command":"touch x"}`), Reason: "needs approval"})
		got <- a
		return event.Result{Subtype: event.SubtypeSuccess}
	}
	h := newHarness(t, 80, []turnFunc{turn}, func(o *Options) { o.now = clk.get })
	h.typeLine("make x")
	h.waitFor("the dialog", func(_, v string) bool { return strings.Contains(v, "Do you want to proceed?") })
	h.tm.Send(tea.PasteMsg{Content: "pasted words"})
	h.key(tea.KeyEnter, 0) // the clock stands still: right after the paste
	h.key(tea.KeyEscape, 0)
	if a := <-got; a.Allow {
		t.Errorf("answer %+v, want no", a)
	}
	h.waitFor("an empty box", func(_, v string) bool { return strings.Contains(v, "> Type a message") })
}
