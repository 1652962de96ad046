package spawn_test

import (
	"context"
	"errors"
	"iter"
	"os"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

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

// blocking is a provider whose requests wait until they are cancelled.
type blocking struct{ started chan struct{} }

func (b blocking) Stream(ctx context.Context, _ *provider.Request) iter.Seq2[provider.Event, error] {
	return func(yield func(provider.Event, error) bool) {
		b.started <- struct{}{}
		<-ctx.Done()
		yield(provider.Event{}, ctx.Err())
	}
}

func testRunner(t *testing.T, p provider.Provider, costs *cost.Tracker) *spawn.Runner {
	reg, err := tool.NewRegistry(builtinTools(filestate.New())...)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	base := engine.Config{Deps: engine.Deps{Provider: p, Tools: reg, Costs: costs},
		Policy: engine.Policy{Model: model.Resolve("sonnet")}, State: engine.State{Cwd: dir, SessionDir: dir}}
	return spawn.NewRunner(spawn.Parent{
		Deps: func() engine.Deps { return base.Deps }, Policy: func() engine.Policy { return base.Policy },
		State: func() engine.State { return base.State }, FileTools: fileTools,
		Files:       func() *filestate.Cache { return filestate.New() },
		Permission:  func(permission.Mode) permission.Checker { return permission.AllowAll{} },
		Resolve:     model.Resolve,
		Environment: func() string { return "" },
	}, subagent.NewCatalog())
}

// A foreground sub-agent's usage is its own in the outcome and is added
// to the parent's totals.
func TestRunRollsCostsUp(t *testing.T) {
	parent := &cost.Tracker{}
	parent.Add("claude-sonnet-4-5", provider.Usage{InputTokens: 100})
	r := testRunner(t, instant{}, parent)
	o, err := r.Run(t.Context(), subagent.Request{Type: subagent.Explore, Prompt: "go"})
	if err != nil || o.IsError || o.Text != "found it" {
		t.Fatalf("outcome %+v %v", o, err)
	}
	if o.Usage.InputTokens != 10 || o.Usage.OutputTokens != 3 || o.Tokens() != 13 {
		t.Errorf("outcome usage %+v, want the sub-agent's own", o.Usage)
	}
	if u := parent.Usage(); u.InputTokens != 110 || u.OutputTokens != 3 {
		t.Errorf("parent usage %+v, want its own plus the sub-agent's", u)
	}
	if _, ok := parent.ModelUsage()[model.Resolve("haiku").ID]; !ok {
		t.Errorf("parent models %v lack the sub-agent's", parent.ModelUsage())
	}
	if _, err := r.Run(t.Context(), subagent.Request{Type: "Nope", Prompt: "x"}); !errors.Is(err, subagent.ErrUnknownType) {
		t.Errorf("unknown type: %v", err)
	}
}

// A background agent can be stopped; its stop becomes a note for the
// model; Close ends every background agent and leaves no goroutine.
func TestBackgroundStopAndClose(t *testing.T) {
	before := goleak.IgnoreCurrent()
	p := blocking{started: make(chan struct{}, 4)}
	r := testRunner(t, p, &cost.Tracker{})
	dir := t.TempDir()
	a, err := r.Start(subagent.Request{Description: "first", Prompt: "x"}, dir)
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.Start(subagent.Request{Description: "second", Prompt: "y"}, dir)
	if err != nil {
		t.Fatal(err)
	}
	<-p.started
	<-p.started
	if !r.Stop(a.AgentID) || r.Stop("a-nonexistent") {
		t.Fatal("Stop: want true for a running agent only")
	}
	deadline := time.Now().Add(10 * time.Second)
	var notes []string
	for len(notes) == 0 && time.Now().Before(deadline) {
		notes = r.Notifications()
		time.Sleep(5 * time.Millisecond) // polling a condition, bounded
	}
	if len(notes) != 1 || !strings.Contains(notes[0], a.AgentID) || !strings.Contains(notes[0], "failed") {
		t.Fatalf("notes %q, want the stopped agent's", notes)
	}
	if _, err := os.Stat(a.OutputFile); err != nil {
		t.Errorf("output file: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := r.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if notes := r.Notifications(); len(notes) != 1 || !strings.Contains(notes[0], b.AgentID) {
		t.Errorf("after Close: notes %q, want the second agent's", notes)
	}
	if _, err := r.Start(subagent.Request{Prompt: "z"}, dir); !errors.Is(err, spawn.ErrClosed) {
		t.Errorf("Start after Close: %v", err)
	}
	goleak.VerifyNone(t, before)
}
