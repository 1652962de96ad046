package spawn_test

import (
	"context"
	"errors"
	"iter"
	"strings"
	"sync"
	"testing"

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

// systemRecorder answers like instant and keeps each request's system
// prompt.
type systemRecorder struct {
	mu     sync.Mutex
	system []string
}

func (p *systemRecorder) Stream(ctx context.Context, req *provider.Request) iter.Seq2[provider.Event, error] {
	p.mu.Lock()
	for _, b := range req.System {
		p.system = append(p.system, b.Text)
	}
	p.mu.Unlock()
	return instant{}.Stream(ctx, req)
}

// An agent definition's skills are preloaded into its system prompt, in
// order, after its own prompt; a skill that does not exist is an error
// naming the definition, and the agent does not run.
func TestDefinitionPreloadsSkills(t *testing.T) {
	p := &systemRecorder{}
	reg, err := tool.NewRegistry(builtinTools(filestate.New())...)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	base := engine.Config{Deps: engine.Deps{Provider: p, Tools: reg, Costs: &cost.Tracker{}},
		Policy: engine.Policy{Model: model.Resolve("sonnet")}, State: engine.State{Cwd: dir}}
	skills := map[string]string{"review": "Check the diff for missing tests.", "style": "Use tabs."}
	cat := subagent.NewCatalog()
	cat.Add(subagent.Definition{Name: "reviewer", Description: "reviews", Prompt: "You review code.",
		Skills: []string{"review", "style"}, Source: "/p/.claude/agents/reviewer.md"})
	cat.Add(subagent.Definition{Name: "broken", Description: "b", Prompt: "x", Skills: []string{"nope"},
		Source: "/p/.claude/agents/broken.md"})
	r := spawn.NewRunner(spawn.Parent{
		Deps: func() engine.Deps { return base.Deps }, Policy: func() engine.Policy { return base.Policy },
		State: func() engine.State { return base.State }, FileTools: fileTools,
		Files:       func() *filestate.Cache { return filestate.New() },
		Permission:  func(permission.Mode) permission.Checker { return permission.AllowAll{} },
		Resolve:     model.Resolve,
		Environment: func() string { return "ENV" },
		Skill:       func(name string) (string, bool) { s, ok := skills[name]; return s, ok },
	}, cat)
	if o, err := r.Run(t.Context(), subagent.Request{Type: "reviewer", Prompt: "go"}); err != nil || o.IsError {
		t.Fatalf("outcome %+v %v", o, err)
	}
	got := strings.Join(p.system, "\n---\n")
	want := "You review code.\n---\n# Skill: review\n\nCheck the diff for missing tests.\n---\n# Skill: style\n\nUse tabs.\n---\nENV"
	if !strings.Contains(got, want) {
		t.Errorf("system prompt:\n%s\nwant it to contain:\n%s", got, want)
	}
	_, err = r.Run(t.Context(), subagent.Request{Type: "broken", Prompt: "go"})
	if !errors.Is(err, subagent.ErrUnknownSkill) || !strings.Contains(err.Error(), "broken.md") ||
		!strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("unknown skill: %v, want an error naming the file and the skill", err)
	}
}
