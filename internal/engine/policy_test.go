package engine

import (
	"sync"
	"testing"

	"corvid/internal/event"
	"corvid/internal/model"
	"corvid/internal/provider/providertest"
)

// A policy change made while a turn runs (here from several goroutines
// at once, during the turn's tool call) is what the next turn's init and
// requests report; the running turn keeps the policy it began with, so
// its second request still asks the first model without the new
// thinking budget. Run with -race: the turn reads its own copy.
func TestPolicyChangeTakesEffectNextTurn(t *testing.T) {
	sc := providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{sleep("a", 20)}}, textTurn("one"), textTurn("two")}}
	// Both models take a thinking budget (the default model thinks
	// adaptively), so a budget would show on the wire.
	haiku := model.Resolve("claude-haiku-4-5")
	var f *fixture
	f = newFixture(t, sc, func(c *Config) {
		c.Model = model.Resolve("claude-sonnet-4-5")
		c.Init = func(p Policy) event.Init { return event.Init{Model: p.Model.ID} }
	})
	first := f.eng.Policy().Model
	var once sync.Once
	f.log.onStart = func(string) {
		once.Do(func() {
			var wg sync.WaitGroup
			for range 8 {
				wg.Go(func() {
					f.eng.UpdatePolicy(func(p *Policy) {
						p.Model, p.MaxThinkingTokens = haiku, 2048
						p.FallbackModels = append(p.FallbackModels, model.Resolve("opus"))
					})
					_ = f.eng.Policy().Model.ID
				})
			}
			wg.Wait()
		})
	}
	f.submit(t, t.Context(), "first")
	f.submit(t, t.Context(), "second")

	reqs := f.srv.Requests()
	if len(reqs) != 3 {
		t.Fatalf("%d requests, want 3", len(reqs))
	}
	for i, r := range reqs[:2] {
		if r.Model != first.ID || (r.Thinking != nil && r.Thinking.BudgetTokens == 2048) {
			t.Errorf("request %d of the running turn: model %s thinking %+v; want %s, no new budget",
				i, r.Model, r.Thinking, first.ID)
		}
	}
	if r := reqs[2]; r.Model != haiku.ID || r.Thinking == nil || r.Thinking.BudgetTokens != 2048 {
		t.Errorf("next turn's request: model %s thinking %+v; want %s with a 2048 budget", r.Model, r.Thinking, haiku.ID)
	}
	in := eventsOf[event.Init](f)
	if len(in) != 2 || in[0].Model != first.ID || in[1].Model != haiku.ID {
		t.Errorf("inits = %+v, want %s then %s", in, first.ID, haiku.ID)
	}
	if n := len(f.eng.Policy().FallbackModels); n != 8 {
		t.Errorf("%d fallbacks after 8 concurrent updates that each add one, want 8 (none lost)", n)
	}
}

// Policy and UpdatePolicy hand out copies: changing a returned policy's
// fallbacks or reasoning, or keeping the pointer an update wrote, does
// not change the engine's.
func TestPolicyCopies(t *testing.T) {
	f := newFixture(t, providertest.Scenario{AllowUnused: true}, func(c *Config) {
		c.FallbackModels = []model.Info{model.Resolve("haiku")}
	})
	p := f.eng.Policy()
	p.FallbackModels[0] = model.Resolve("opus")
	if got := f.eng.Policy().FallbackModels[0].ID; got != model.Resolve("haiku").ID {
		t.Errorf("fallback changed through a copy: %s", got)
	}
	var kept *Policy
	f.eng.UpdatePolicy(func(p *Policy) { kept = p; p.MaxTurns = 3 })
	kept.MaxTurns = 99
	if got := f.eng.Policy().MaxTurns; got != 3 {
		t.Errorf("MaxTurns = %d after writing through a kept pointer, want 3", got)
	}
}

// The init event reports the policy its turn runs under, even when the
// policy changes between the turn's start and its init (here from a
// UserPromptSubmit hook, which runs before init is published): init and
// requests agree, and the change is the next turn's.
func TestInitReportsTheTurnsPolicy(t *testing.T) {
	sc := providertest.Scenario{Turns: []providertest.Turn{textTurn("one"), textTurn("two")}}
	haiku := model.Resolve("claude-haiku-4-5")
	h := &recHooks{}
	var f *fixture
	h.prompt = func(string) (bool, string) {
		f.eng.UpdatePolicy(func(p *Policy) { p.Model = haiku })
		return false, ""
	}
	f = newFixture(t, sc, func(c *Config) {
		c.Hooks = h
		c.Init = func(p Policy) event.Init { return event.Init{Model: p.Model.ID} }
	})
	first := f.eng.Policy().Model.ID
	f.submit(t, t.Context(), "first")
	f.submit(t, t.Context(), "second")
	reqs, in := f.srv.Requests(), eventsOf[event.Init](f)
	if len(reqs) != 2 || len(in) != 2 {
		t.Fatalf("%d requests, %d inits; want 2 and 2", len(reqs), len(in))
	}
	for i, want := range []string{first, haiku.ID} {
		if reqs[i].Model != want || in[i].Model != want {
			t.Errorf("turn %d: request %s, init %s; want %s for both", i, reqs[i].Model, in[i].Model, want)
		}
	}
}
