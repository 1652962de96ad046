package tui

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"corvid/internal/event"
	"corvid/internal/permission"
)

// blockUntilInterrupt streams a little and then waits for Esc.
func blockUntilInterrupt(ctx context.Context, f *fakeConv) event.Result {
	f.stream("Working on it\n\nstill", 4)
	f.waitInterrupt(ctx)
	return event.Result{Subtype: event.SubtypeDuringExecution, IsError: true, TerminalReason: "aborted_streaming",
		Errors: []string{"Interrupted by user"}}
}

func answer(text string) turnFunc {
	return func(ctx context.Context, f *fakeConv) event.Result {
		f.stream(text, 3)
		return event.Result{Subtype: event.SubtypeSuccess}
	}
}

// Esc stops the running turn through Conversation.Interrupt; the next
// prompt runs as usual.
func TestEscInterruptsThenNextPromptWorks(t *testing.T) {
	h := newHarness(t, 80, []turnFunc{blockUntilInterrupt, answer("second answer")}, nil)
	h.typeLine("first")
	h.waitFor("the stream", func(p, v string) bool { return strings.Contains(p+v, "Working on it") })
	h.key(tea.KeyEscape, 0)
	h.waitFor("the interrupt", func(p, _ string) bool { return strings.Contains(p, "Interrupted by user") })
	h.typeLine("again")
	h.waitFor("the second answer", func(p, _ string) bool { return strings.Contains(p, "second answer") })
	if got := h.prompt(1); got != "again" {
		t.Errorf("second prompt %q", got)
	}
}

// Messages typed while the model works are queued, shown, and sent
// together at the turn boundary.
func TestQueuedDuringTurn(t *testing.T) {
	h := newHarness(t, 80, []turnFunc{blockUntilInterrupt, answer("ok")}, nil)
	h.typeLine("first")
	h.waitFor("the stream", func(p, v string) bool { return strings.Contains(p+v, "Working on it") })
	h.typeLine("also this")
	h.typeLine("and that")
	h.waitFor("the queue", func(_, v string) bool {
		return strings.Contains(v, "queued: also this") && strings.Contains(v, "queued: and that")
	})
	if n := len(h.conv.promptTexts()); n != 1 {
		t.Fatalf("%d prompts submitted during the turn", n)
	}
	h.conv.Interrupt()
	if got := h.prompt(1); got != "also this\n\nand that" {
		t.Errorf("queued prompt %q", got)
	}
	h.waitFor("the queue to drain", func(p, v string) bool { return strings.Contains(p, "ok") && !strings.Contains(v, "queued") })
}

// Ctrl+C clears the input; on an empty input a second Ctrl+C exits.
func TestCtrlCClearsThenExits(t *testing.T) {
	h := newHarness(t, 80, nil, nil)
	h.waitFor("the banner", func(p, _ string) bool { return strings.Contains(p, "corvid") })
	h.tm.Type("draft")
	h.waitFor("the draft", func(_, v string) bool { return strings.Contains(v, "> draft") })
	h.key('c', tea.ModCtrl)
	h.waitFor("the cleared input", func(_, v string) bool { return !strings.Contains(v, "draft") })
	h.key('c', tea.ModCtrl)
	h.waitFor("the exit hint", func(_, v string) bool { return strings.Contains(v, "Press Ctrl-C again to exit") })
	h.key('c', tea.ModCtrl)
	m := h.tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*model)
	if !m.quitting {
		t.Error("not quitting")
	}
}

// Ctrl+D exits on an empty line only.
func TestCtrlDOnEmptyLine(t *testing.T) {
	h := newHarness(t, 80, nil, nil)
	h.tm.Type("x")
	h.key('d', tea.ModCtrl) // deletes forward; does not exit
	h.waitFor("the input", func(_, v string) bool { return strings.Contains(v, "> x") })
	h.key(tea.KeyBackspace, 0)
	h.key('d', tea.ModCtrl)
	if m := h.tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*model); !m.quitting {
		t.Error("not quitting")
	}
}

// Shift+Tab cycles default → acceptEdits → plan → default, reaching
// bypassPermissions only when allowed, and tells the conversation.
func TestShiftTabCyclesModes(t *testing.T) {
	for _, bypass := range []bool{false, true} {
		h := newHarness(t, 80, nil, func(o *Options) { o.AllowBypass = bypass })
		h.waitFor("the banner", func(p, _ string) bool { return strings.Contains(p, "corvid") })
		for range 4 {
			h.key(tea.KeyTab, tea.ModShift)
		}
		want := []permission.Mode{"acceptEdits", "plan", "default", "acceptEdits"}
		if bypass {
			want = []permission.Mode{"acceptEdits", "plan", "bypassPermissions", "default"}
		}
		h.waitFor("four mode changes", func(_, _ string) bool {
			h.conv.mu.Lock()
			defer h.conv.mu.Unlock()
			return len(h.conv.modes) == 4
		})
		h.conv.mu.Lock()
		got := slices.Clone(h.conv.modes)
		h.conv.mu.Unlock()
		if !slices.Equal(got, want) {
			t.Errorf("bypass=%v: modes %v, want %v", bypass, got, want)
		}
	}
}

// A prompt typed while the conversation is still opening is sent once
// it is open (it once stayed queued for ever).
func TestPromptBeforeOpenIsSent(t *testing.T) {
	release := make(chan struct{})
	h := newHarness(t, 80, []turnFunc{answer("ok")}, func(o *Options) {
		open := o.Open
		o.Open = func(ctx context.Context, sink event.Sink, asker permission.Asker, resume string) (Backend, error) {
			<-release
			return open(ctx, sink, asker, resume)
		}
	})
	h.typeLine("early")
	h.waitFor("the queue", func(_, v string) bool { return strings.Contains(v, "queued: early") })
	close(release)
	if got := h.prompt(0); got != "early" {
		t.Errorf("prompt %q", got)
	}
}

// Two calls asking at once get one dialog after the other, and each
// answer reaches its own asker.
func TestQuestionsOneAtATime(t *testing.T) {
	turn := func(ctx context.Context, f *fakeConv) event.Result {
		answers := make(chan string, 2)
		for _, cmd := range []string{"make a", "make b"} {
			go func() {
				a, _ := f.asker.Ask(ctx, permission.Question{ToolName: "Bash", ToolUseID: cmd,
					Input: []byte(`{"command":"` + cmd + `"}`), Reason: "asks"})
				answers <- cmd + "=" + a.String()
			}()
		}
		got := []string{<-answers, <-answers}
		slices.Sort(got)
		f.stream(strings.Join(got, ","), 50)
		return event.Result{Subtype: event.SubtypeSuccess}
	}
	h := newHarness(t, 80, []turnFunc{turn}, nil)
	h.typeLine("build")
	h.waitFor("the first dialog", func(_, v string) bool { return strings.Contains(v, "Do you want to proceed?") })
	first := "make a"
	if !strings.Contains(h.currentView(), first) {
		first = "make b"
	}
	h.tm.Send(tea.KeyPressMsg{Code: '1', Text: "1"}) // yes to the first
	h.waitFor("the second dialog", func(_, v string) bool {
		return strings.Contains(v, "Do you want to proceed?") && !strings.Contains(v, first)
	})
	h.key(tea.KeyEscape, 0) // no to the second
	want := "make a=once,make b=no"
	if first == "make b" {
		want = "make a=no,make b=once"
	}
	h.waitFor("both answers", func(p, _ string) bool { return strings.Contains(p, want) })
}
