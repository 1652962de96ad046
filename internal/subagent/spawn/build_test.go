package spawn_test

import (
	"context"
	"encoding/json"
	"iter"
	"sync"
	"sync/atomic"
	"testing"

	"corvid/internal/compact"
	"corvid/internal/cost"
	"corvid/internal/engine"
	"corvid/internal/event"
	"corvid/internal/filestate"
	"corvid/internal/model"
	"corvid/internal/permission"
	"corvid/internal/provider"
	"corvid/internal/subagent"
	"corvid/internal/subagent/spawn"
	"corvid/internal/tool"
)

// requestRecorder keeps every request and answers at once.
type requestRecorder struct {
	mu   sync.Mutex
	reqs []provider.Request
}

func (p *requestRecorder) Stream(ctx context.Context, req *provider.Request) iter.Seq2[provider.Event, error] {
	p.mu.Lock()
	p.reqs = append(p.reqs, *req)
	p.mu.Unlock()
	return instant{}.Stream(ctx, req)
}

// A child is built from its parent's services and policy but none of its
// state: the parent's history, opening reminders, reminder and attachment
// queues, compaction carry-over, structured output and init event are the
// parent's alone (a child asking the parent's Attachments would take a
// skill's text the parent's next request is owed). The child runs on its
// own model with the parent's retries and fallbacks, not on the thinking
// budget a host set for the parent.
func TestChildGetsNoneOfTheParentsState(t *testing.T) {
	p := &requestRecorder{}
	reg, err := tool.NewRegistry(builtinTools(filestate.New())...)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var asked atomic.Int32
	count := func() { asked.Add(1) }
	var events []event.Event
	var mu sync.Mutex
	base := engine.Config{
		Deps: engine.Deps{Provider: p, Tools: reg, Costs: &cost.Tracker{},
			Sink: func(ev event.Event) { mu.Lock(); events = append(events, ev); mu.Unlock() }},
		Policy: engine.Policy{Model: model.Resolve("sonnet"), MaxThinkingTokens: 4096,
			FallbackModels: []model.Info{model.Resolve("haiku")}, MaxTokens: 1234},
		State: engine.State{SessionID: "parent-session", Cwd: dir, Dirs: []string{dir}, SessionDir: dir,
			System:  []string{"PARENT PROMPT"},
			History: []provider.Message{{Role: provider.RoleUser, Content: []provider.Block{provider.TextBlock("PARENT HISTORY")}}},
			Opening: []string{"PARENT OPENING"}, SessionSource: engine.SourceResume,
			Reminders:   func() []string { count(); return []string{"PARENT REMINDER"} },
			Attachments: func() []provider.Block { count(); return []provider.Block{provider.TextBlock("PARENT SKILL")} },
			Carry:       func() compact.Reinject { count(); return compact.Reinject{} },
			Structured: &engine.StructuredOutput{Tool: "StructuredOutput",
				Take: func() (json.RawMessage, bool) { count(); return nil, false }},
			Init: func(engine.Policy) event.Init { count(); return event.Init{SessionID: "parent-session"} }},
	}
	r := spawn.NewRunner(spawn.Parent{
		Deps: func() engine.Deps { return base.Deps }, Policy: func() engine.Policy { return base.Policy },
		State: func() engine.State { return base.State }, FileTools: fileTools,
		Files:       func() *filestate.Cache { return filestate.New() },
		Permission:  func(permission.Mode) permission.Checker { return permission.AllowAll{} },
		Resolve:     model.Resolve,
		Environment: func() string { return "ENV" },
	}, subagent.NewCatalog())
	o, err := r.Run(t.Context(), subagent.Request{Type: subagent.Explore, Prompt: "child prompt", Model: "opus", ToolUseID: "toolu_p"})
	if err != nil || o.IsError || o.Text != "found it" {
		t.Fatalf("outcome %+v %v", o, err)
	}
	if n := asked.Load(); n != 0 {
		t.Errorf("the child asked the parent's own queues or init %d times, want 0", n)
	}
	if len(p.reqs) != 1 {
		t.Fatalf("%d requests, want 1", len(p.reqs))
	}
	req := p.reqs[0]
	if len(req.Messages) != 1 || req.Messages[0].Text() != "child prompt" {
		t.Errorf("child request messages = %+v, want only its prompt", req.Messages)
	}
	for _, s := range req.System {
		if s.Text == "PARENT PROMPT" {
			t.Errorf("child system prompt has the parent's: %+v", req.System)
		}
	}
	if req.Model != model.Resolve("opus").ID || req.MaxTokens != 1234 || req.SessionID != "parent-session" {
		t.Errorf("child request model %s, max_tokens %d, session %q; want its own model, the parent's limit and session",
			req.Model, req.MaxTokens, req.SessionID)
	}
	if req.Reasoning != nil && req.Reasoning.BudgetTokens == 4096 {
		t.Errorf("child asked for the parent's host thinking budget: %+v", req.Reasoning)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, ev := range events {
		if ev.Source().ParentToolUseID != "toolu_p" {
			t.Errorf("parent sink got %T %+v, want only events tagged with the Agent call", ev, ev)
			continue
		}
		if _, isInit := ev.(event.Init); isInit {
			t.Errorf("the child published an init event: %+v", ev)
		}
	}
}
