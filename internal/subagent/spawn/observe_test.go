package spawn_test

import (
	"context"
	"iter"
	"sync"
	"testing"
	"time"

	"corvid/internal/cost"
	"corvid/internal/engine"
	"corvid/internal/filestate"
	"corvid/internal/model"
	"corvid/internal/permission"
	"corvid/internal/provider"
	"corvid/internal/subagent"
	"corvid/internal/subagent/spawn"
	"corvid/internal/tool"
)

// globThenAnswer calls Glob once, then answers.
type globThenAnswer struct{}

func (globThenAnswer) Stream(_ context.Context, req *provider.Request) iter.Seq2[provider.Event, error] {
	last := req.Messages[len(req.Messages)-1]
	answered := false
	for _, b := range last.Content {
		answered = answered || b.Type == provider.BlockToolResult
	}
	evs := []provider.Event{{Type: provider.EventMessageStart, MessageID: "msg_1", Model: "claude-haiku-4-5"}}
	if answered {
		evs = append(evs, provider.Event{Type: provider.EventBlockStart, Block: &provider.Block{Type: provider.BlockText}},
			provider.Event{Type: provider.EventBlockDelta, Delta: provider.Delta{Type: provider.DeltaText, Text: "done"}},
			provider.Event{Type: provider.EventBlockStop},
			provider.Event{Type: provider.EventMessageDelta, StopReason: "end_turn"})
	} else {
		evs = append(evs, provider.Event{Type: provider.EventBlockStart, Block: &provider.Block{Type: provider.BlockToolUse, ID: "toolu_g", Name: "Glob"}},
			provider.Event{Type: provider.EventBlockDelta, Delta: provider.Delta{Type: provider.DeltaInputJSON, Text: `{"pattern":"*.none"}`}},
			provider.Event{Type: provider.EventBlockStop},
			provider.Event{Type: provider.EventMessageDelta, StopReason: "tool_use"})
	}
	evs = append(evs, provider.Event{Type: provider.EventMessageStop})
	return func(yield func(provider.Event, error) bool) {
		for _, ev := range evs {
			if !yield(ev, nil) {
				return
			}
		}
	}
}

// tasks records what Parent.OnTask hears.
type tasks struct {
	mu  sync.Mutex
	got []subagent.Task
}

func (ts *tasks) add(t subagent.Task) { ts.mu.Lock(); ts.got = append(ts.got, t); ts.mu.Unlock() }

func (ts *tasks) of(id string) []subagent.Task {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	var out []subagent.Task
	for _, t := range ts.got {
		if t.AgentID == id {
			out = append(out, t)
		}
	}
	return out
}

func observedRunner(t *testing.T, p provider.Provider, ts *tasks) *spawn.Runner {
	reg, err := tool.NewRegistry(builtinTools(filestate.New())...)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	base := engine.Config{Deps: engine.Deps{Provider: p, Tools: reg, Costs: &cost.Tracker{}},
		Policy: engine.Policy{Model: model.Resolve("sonnet")}, State: engine.State{Cwd: dir, SessionDir: dir}}
	return spawn.NewRunner(spawn.Parent{
		Deps: func() engine.Deps { return base.Deps }, Policy: func() engine.Policy { return base.Policy },
		State: func() engine.State { return base.State }, FileTools: fileTools,
		Files:       func() *filestate.Cache { return filestate.New() },
		Permission:  func(permission.Mode) permission.Checker { return permission.AllowAll{} },
		Resolve:     model.Resolve,
		Environment: func() string { return "" },
		OnTask:      ts.add,
	}, subagent.NewCatalog())
}

// The task observer hears a background agent start (with its call),
// each tool call it makes, and its end once: completed for one that
// answered, killed for one that was stopped.
func TestOnTaskReportsTheLife(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ts := &tasks{}
	r := observedRunner(t, globThenAnswer{}, ts)
	a, err := r.Start(subagent.Request{Description: "look", Prompt: "x", ToolUseID: "toolu_a"}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	r.Task(ctx, a.AgentID, true)
	got := ts.of(a.AgentID)
	if len(got) != 3 || got[0].Status != "running" || got[1].LastTool != "Glob" || got[1].ToolUses != 1 || got[2].Status != "completed" {
		t.Fatalf("reports %+v, want start, Glob, completed", got)
	}
	if got[0].ToolUseID != "toolu_a" || got[0].Description != "look" || got[0].Type == "" || got[0].Started.IsZero() ||
		got[2].Ended.IsZero() || got[2].OutputFile != a.OutputFile {
		t.Errorf("reports %+v lack the call", got)
	}

	p := blocking{started: make(chan struct{}, 1)}
	ts2 := &tasks{}
	rb := observedRunner(t, p, ts2)
	b, err := rb.Start(subagent.Request{Description: "slow", Prompt: "y"}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	<-p.started
	rb.Stop(b.AgentID)
	rb.Task(ctx, b.AgentID, true)
	if got := ts2.of(b.AgentID); len(got) != 2 || got[0].Status != "running" || got[1].Status != "killed" {
		t.Fatalf("stopped agent's reports %+v", got)
	}
	for _, run := range []*spawn.Runner{r, rb} {
		if err := run.Close(ctx); err != nil {
			t.Fatal(err)
		}
	}
}
