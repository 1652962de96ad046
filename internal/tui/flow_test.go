package tui

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"corvid/internal/event"
	"corvid/internal/permission"
)

const answerMD = "# Plan\n\nI will **edit** the file.\n\n```go\nfunc main() {}\n```\n\nThen run `ls`.\n"

// A prompt's streamed Markdown, an Edit shown as a diff and a Bash call
// end up in the scrollback, rendered; the live region is back to the
// input box and the status line shows the cost.
func TestTurnRendersMarkdownToolsAndDiff(t *testing.T) {
	turn := func(ctx context.Context, f *fakeConv) event.Result {
		f.stream(answerMD, 5)
		f.tool("toolu_e", "Edit", `{"file_path":"/work/proj/a.txt","old_string":"hello\n","new_string":"hello world\n"}`,
			"The file /work/proj/a.txt has been updated.", false)
		f.tool("toolu_b", "Bash", `{"command":"seq 1 9"}`, "1\n2\n3\n4\n5\n6\n7\n8\n9", false)
		f.stream("Done.", 2)
		return event.Result{Subtype: event.SubtypeSuccess, TotalCostUSD: 0.0123}
	}
	h := newHarness(t, 80, []turnFunc{turn}, nil)
	h.waitFor("the banner", func(p, _ string) bool { return strings.Contains(p, "corvid") })
	h.typeLine("fix the file")
	h.waitFor("the end of the turn", func(p, v string) bool {
		return strings.Contains(p, "Done.") && strings.Contains(v, "$0.0123")
	})
	golden.RequireEqual(t, []byte(h.scrollback()))
	if got := h.prompt(0); got != "fix the file" {
		t.Errorf("prompt %q", got)
	}
}

// The permission dialog shows what will run and why, and each answer
// reaches the asker: yes once, yes always (with the suggested rule), no
// (which also interrupts, as "tell corvid what to do instead").
func TestPermissionDialog(t *testing.T) {
	for _, tc := range []struct {
		name string
		key  tea.KeyPressMsg
		want permission.Answer
	}{
		{"once", tea.KeyPressMsg{Code: '1', Text: "1"}, permission.AnswerOnce},
		{"always", tea.KeyPressMsg{Code: '2', Text: "2"}, permission.AnswerAlways},
		{"no", tea.KeyPressMsg{Code: tea.KeyEscape}, permission.Answer{Interrupt: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := make(chan permission.Answer, 1)
			turn := func(ctx context.Context, f *fakeConv) event.Result {
				a, err := f.asker.Ask(ctx, permission.Question{ToolName: "Bash", ToolUseID: "toolu_1",
					Input:       []byte(`{"command":"npm test -- --watch=false","description":"Run the tests"}`),
					Reason:      "Bash command npm test needs approval in default mode",
					Suggestions: []string{"Bash(npm test:*)"}})
				if err != nil {
					t.Errorf("Ask: %v", err)
				}
				got <- a
				return event.Result{Subtype: event.SubtypeSuccess}
			}
			h := newHarness(t, 70, []turnFunc{turn}, nil)
			h.typeLine("run the tests")
			h.waitFor("the dialog", func(_, v string) bool { return strings.Contains(v, "Do you want to proceed?") })
			if tc.name == "once" {
				golden.RequireEqual(t, []byte(h.currentView()))
			}
			h.tm.Send(tc.key)
			a := <-got
			if a.Allow != tc.want.Allow || a.Always != tc.want.Always || a.Interrupt != tc.want.Interrupt {
				t.Errorf("answer %+v, want %+v", a, tc.want)
			}
			h.waitFor("the dialog to close", func(_, v string) bool { return !strings.Contains(v, "proceed") })
		})
	}
}

// Before the conversation opens, an untrusted repository's settings are
// the subject of the trust question; yes records the trust.
func TestTrustQuestionFirst(t *testing.T) {
	h := newHarness(t, 70, nil, func(o *Options) { o.TrustQuestion = "allow rules (.claude/settings.json)" })
	h.waitFor("the trust dialog", func(_, v string) bool { return strings.Contains(v, "Do you trust") })
	golden.RequireEqual(t, []byte(h.currentView()))
	if h.conv.sink != nil {
		t.Fatal("conversation opened before the trust answer")
	}
	h.key(tea.KeyEnter, 0)
	h.waitFor("the conversation", func(p, _ string) bool { return strings.Contains(p, "Trusted /work/proj") })
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.trusted {
		t.Error("trust not recorded")
	}
}
