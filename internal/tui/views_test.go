package tui

import (
	"context"
	"encoding/json"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"corvid/internal/event"
	"corvid/internal/permission"
	"corvid/internal/provider"
	"corvid/internal/session"
)

// Goldens of the views and dialogs the flow tests do not pin: each test
// drives the interface to the view and compares it whole.

// The /resume picker previews each earlier conversation (when, which,
// how long, its first prompt, cut to the width); picking one prints its
// messages again: prompts, answers, tool lines with their results.
func TestResumePickerView(t *testing.T) {
	infos := []session.Info{
		{ID: "sess-1", FirstPrompt: "the current one"},
		{ID: "aaaaaaaa-1111", FirstPrompt: "fix the parser so that nested brackets in a long expression parse", Messages: 12,
			Modified: time.Date(2026, 11, 25, 9, 30, 0, 0, time.UTC)},
		{ID: "bbbbbbbb-2222", FirstPrompt: "write docs", Messages: 3, Modified: time.Date(2026, 11, 24, 8, 0, 0, 0, time.UTC)},
	}
	earlier := []provider.Message{
		{Role: provider.RoleUser, Content: []provider.Block{provider.TextBlock("<system-reminder>today is Tuesday</system-reminder>"),
			provider.TextBlock("fix the parser")}},
		{Role: provider.RoleAssistant, Content: []provider.Block{provider.TextBlock("I will **look** first."),
			{Type: provider.BlockToolUse, ID: "toolu_1", Name: "Bash", Input: json.RawMessage(`{"command":"go test ./parser"}`)}}},
		{Role: provider.RoleUser, Content: []provider.Block{{Type: provider.BlockToolResult, ToolUseID: "toolu_1",
			Content: []provider.Block{provider.TextBlock("FAIL parser 0.01s")}, IsError: true}}},
		{Role: provider.RoleAssistant, Content: []provider.Block{provider.TextBlock("Fixed: brackets nest now.")}},
	}
	h := newHarness(t, 70, nil, func(o *Options) {
		o.Sessions = func() ([]session.Info, error) { return infos, nil }
		o.Open = func(_ context.Context, sink event.Sink, asker permission.Asker, resume string) (Backend, error) {
			fc := &fakeConv{sink: sink, asker: asker}
			if resume == "aaaaaaaa-1111" {
				return &msgConv{fakeConv: fc, msgs: earlier}, nil
			}
			return fc, nil
		}
	})
	h.waitFor("the banner", func(p, _ string) bool { return strings.Contains(p, "corvid") })
	h.typeLine("/resume")
	h.waitFor("the picker", func(_, v string) bool { return strings.Contains(v, "Resume a conversation") })
	golden.RequireEqual(t, []byte(h.currentView()))
	h.tm.Type("1")
	h.waitFor("the earlier conversation", func(p, _ string) bool { return strings.Contains(p, "Fixed: brackets nest now.") })
	t.Run("replay", func(t *testing.T) { golden.RequireEqual(t, []byte(h.scrollback())) })
}

// modelConv records the models set.
type modelConv struct {
	*fakeConv
	mu  sync.Mutex
	set []string
}

func (c *modelConv) SetModel(name string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.set = append(c.set, name)
	return nil
}

// /model with no name opens the picker; a choice sets that model; esc
// leaves it as it was.
func TestModelPicker(t *testing.T) {
	mc := &modelConv{fakeConv: &fakeConv{}}
	h := newHarness(t, 70, nil, func(o *Options) {
		o.Open = func(_ context.Context, sink event.Sink, asker permission.Asker, _ string) (Backend, error) {
			mc.sink, mc.asker = sink, asker
			return mc, nil
		}
	})
	h.waitFor("the banner", func(p, _ string) bool { return strings.Contains(p, "corvid") })
	h.typeLine("/model")
	h.waitFor("the picker", func(_, v string) bool { return strings.Contains(v, "Select a model") })
	golden.RequireEqual(t, []byte(h.currentView()))
	h.tm.Type("3")
	h.waitFor("the model set", func(p, v string) bool {
		return strings.Contains(p, "Model set to") && !strings.Contains(v, "Select a model")
	})
	h.typeLine("/model")
	h.waitFor("the picker again", func(_, v string) bool { return strings.Contains(v, "Select a model") })
	h.key(tea.KeyEscape, 0)
	h.waitFor("the picker closed", func(_, v string) bool { return !strings.Contains(v, "Select a model") })
	mc.mu.Lock()
	defer mc.mu.Unlock()
	if strings.Join(mc.set, ",") != "sonnet" {
		t.Errorf("models set %q, want [sonnet]", mc.set)
	}
}

// /context after a turn: the grid, the legend and the figures.
func TestContextGridView(t *testing.T) {
	h := newHarness(t, 80, []turnFunc{answer("ok")}, nil)
	h.typeLine("hello")
	h.waitFor("the answer", func(p, v string) bool { return strings.Contains(p, "ok") && !strings.Contains(v, "Working") })
	h.typeLine("/context")
	h.waitFor("the grid", func(p, _ string) bool { return strings.Contains(p, "free") })
	golden.RequireEqual(t, []byte(h.scrollback()))
}

// /cost shows the conversation's report; /status the session's facts.
func TestCostAndStatusViews(t *testing.T) {
	report := func(context.Context, *fakeConv) event.Result {
		return event.Result{Subtype: event.SubtypeSuccess, TotalCostUSD: 0.0123,
			Text: "Total cost:            $0.0123\nTotal duration (API):  1.2s\nUsage:                 20000 input, 100 output"}
	}
	h := newHarness(t, 80, []turnFunc{report}, nil)
	h.typeLine("/cost")
	h.waitFor("the report", func(p, v string) bool { return strings.Contains(p, "Usage:") && strings.Contains(v, "$0.0123") })
	h.typeLine("/status")
	h.waitFor("the status", func(p, _ string) bool { return strings.Contains(p, "Session  sess-1") })
	golden.RequireEqual(t, []byte(h.scrollback()))
}

// ctrl+r: the search line in place of the input.
func TestHistorySearchView(t *testing.T) {
	dir := t.TempDir()
	hist := loadHistory(dir, "/work/proj")
	for _, p := range []string{"list the files", "fix the bug"} {
		hist.add(p, attachment{})
	}
	h := newHarness(t, 70, nil, func(o *Options) { o.ConfigDir = dir })
	h.key('r', tea.ModCtrl)
	h.tm.Type("li")
	h.waitFor("the match", func(_, v string) bool { return strings.Contains(v, "`li': list the files") })
	golden.RequireEqual(t, []byte(h.currentView()))
}

// @: the file menu under the input, best match selected.
func TestMentionMenuView(t *testing.T) {
	dir := t.TempDir()
	if out, err := exec.Command("git", "init", "-q", dir).CombinedOutput(); err != nil {
		t.Skipf("git init: %v %s", err, out)
	}
	writeFiles(t, dir, map[string]string{"internal/model.go": "", "internal/old/model_test.go": "", "README.md": ""})
	h := newHarness(t, 70, nil, func(o *Options) { o.Cwd = dir })
	h.tm.Type("see @model")
	h.waitFor("the menu", func(_, v string) bool {
		return strings.Contains(v, "> see @model ") && strings.Contains(v, "@internal/old/model_test.go")
	})
	golden.RequireEqual(t, []byte(h.currentView()))
}

// /vim: the mode shows in the status line.
func TestVimIndicatorView(t *testing.T) {
	h := newHarness(t, 70, nil, nil)
	h.typeLine("/vim")
	h.tm.Type("draft")
	h.key(tea.KeyEscape, 0)
	h.waitFor("normal mode", func(_, v string) bool { return strings.Contains(v, "-- NORMAL --") })
	golden.RequireEqual(t, []byte(h.currentView()))
}

// Messages typed during a turn wait under the stream, one line each.
func TestQueuedMessagesView(t *testing.T) {
	h := newHarness(t, 70, []turnFunc{blockUntilInterrupt, answer("ok")}, nil)
	h.typeLine("first")
	h.waitFor("the streamed block", func(p, _ string) bool { return strings.Contains(p, "still") })
	h.typeLine("also this")
	h.typeLine("and a second message that is far too long to fit on one line of a seventy column terminal")
	h.waitFor("the queue", func(_, v string) bool { return strings.Count(v, "queued:") == 2 })
	golden.RequireEqual(t, []byte(h.currentView()))
	h.conv.Interrupt()
	h.waitFor("the queue sent", func(p, v string) bool { return strings.Contains(p, "ok") && !strings.Contains(v, "queued") })
}
