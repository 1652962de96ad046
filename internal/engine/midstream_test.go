package engine

import (
	"context"
	"iter"
	"slices"
	"strings"
	"sync"
	"testing"

	"corvid/internal/event"
	"corvid/internal/model"
	"corvid/internal/provider"
	"corvid/internal/provider/providertest"
	"corvid/internal/tool"
)

// A scripted response whose blocks are one event each (ChunkSize 1000):
//
//	0 message_start, 1 ping, 2-4 text, 5-8 tool_use "a" (start, empty
//	delta, input, stop), 9-12 tool_use "b", 13 message_delta, 14 stop.
//
// Failing after 12 events leaves b's input streamed but its block open.
const failAfterB = 12

// faults are the ways a stream can fail mid-way; each ends the first
// response after block a closed and while b is still open.
var faults = []struct {
	name     string
	turn     func(providertest.Turn) providertest.Turn
	stall    bool // the provider reports an idle timeout instead
	category string
}{
	{name: "cut", category: "connection_error",
		turn: func(t providertest.Turn) providertest.Turn { t.CutAfter = failAfterB; return t }},
	{name: "malformed", category: "connection_error",
		turn: func(t providertest.Turn) providertest.Turn { t.CutAfter, t.Malformed = failAfterB, true; return t }},
	{name: "overloaded_error", category: "overloaded",
		turn: func(t providertest.Turn) providertest.Turn {
			t.CutAfter, t.ErrorEvent = failAfterB, "overloaded_error"
			return t
		}},
	{name: "api_error", category: "server_error",
		turn: func(t providertest.Turn) providertest.Turn {
			t.CutAfter, t.ErrorEvent = failAfterB, "api_error"
			return t
		}},
	{name: "stall", category: "connection_error", stall: true,
		turn: func(t providertest.Turn) providertest.Turn { return t }},
}

// failing is the first response: text, the call a, and the call b whose
// block never closes.
func failing(first string) providertest.Turn {
	return providertest.Turn{ChunkSize: 1000, Blocks: []providertest.Block{providertest.Text("Working."),
		providertest.ToolUse("a", first, map[string]int{"ms": 1}),
		providertest.ToolUse("b", "Append", map[string]any{})}}
}

// stallAfterB wraps a provider so that its first stream reports an idle
// timeout once b's input has streamed, as the adapter does when the API
// goes silent.
type stallAfterB struct {
	provider.Provider
	calls int
}

func (s *stallAfterB) Stream(ctx context.Context, req *provider.Request) iter.Seq2[provider.Event, error] {
	s.calls++
	inner := s.Provider.Stream(ctx, req)
	if s.calls > 1 {
		return inner
	}
	return func(yield func(provider.Event, error) bool) {
		for ev, err := range inner {
			if err == nil && ev.Type == provider.EventBlockDelta && ev.Index == 2 && ev.Delta.Text != "" {
				yield(provider.Event{}, &provider.APIError{Type: provider.ErrTypeConnection,
					Message: "no response from the API for 90s", Err: context.DeadlineExceeded})
				return
			}
			if !yield(ev, err) {
				return
			}
		}
	}
}

func faultFixture(t *testing.T, sc providertest.Scenario, stall bool, mod func(*Config)) *fixture {
	return newFixture(t, sc, func(c *Config) {
		if stall {
			c.Provider = &stallAfterB{Provider: c.Provider}
		}
		if mod != nil {
			mod(c)
		}
	})
}

// TestMidStreamFailureAfterASideEffectKeepsTheResponse: a call with side
// effects started before the stream failed. It is never started again:
// the closed blocks are kept, the call's result is sent in the next
// request with a note, the unfinished call b never runs.
func TestMidStreamFailureAfterASideEffectKeepsTheResponse(t *testing.T) {
	for _, fk := range faults {
		t.Run(fk.name, func(t *testing.T) {
			sc := providertest.Scenario{Turns: []providertest.Turn{fk.turn(failing("Append")), textTurn("done")}}
			var mu sync.Mutex
			var before []string // the calls the checkpoint hook saw
			f := faultFixture(t, sc, fk.stall, func(c *Config) {
				c.BeforeCall = func(_ tool.Tool, call tool.Call) { mu.Lock(); before = append(before, call.ID); mu.Unlock() }
			})
			res := f.submit(t, t.Context(), "go")
			mu.Lock()
			if !slices.Equal(before, []string{"a"}) {
				t.Errorf("BeforeCall saw %v, want a once (b never ran)", before)
			}
			mu.Unlock()
			if res.IsError || res.Text != "done" || res.NumTurns != 2 {
				t.Fatalf("result %+v", res)
			}
			if got := sideLines(t, f.eng.state.Cwd); !slices.Equal(got, []string{"a"}) {
				t.Fatalf("side effects %v, want a exactly once (b never closed)", got)
			}
			reqs := f.srv.Requests()
			if len(reqs) != 2 {
				t.Fatalf("%d requests, want 2", len(reqs))
			}
			msgs := reqs[1].Messages
			if len(msgs) != 3 || msgs[1].Role != provider.RoleAssistant {
				t.Fatalf("second request messages %+v", msgs)
			}
			var kept []string
			for _, b := range msgs[1].Content {
				kept = append(kept, string(b.Type)+":"+b.ID)
			}
			if !slices.Equal(kept, []string{"text:", "tool_use:a"}) {
				t.Fatalf("kept blocks %v, want the text and a only", kept)
			}
			results := resultTexts(msgs[2])
			if len(results) != 1 || results["a"] != "appended a" {
				t.Fatalf("results sent %v", results)
			}
			if note := msgs[2].Text(); !strings.Contains(note, "cut off") {
				t.Fatalf("no note about the cut in %q", note)
			}
			if n := len(eventsOf[event.ToolResult](f)); n != 1 {
				t.Fatalf("%d tool_result events, want 1", n)
			}
			checkToolLifecycle(t, f, "a")
			if n := eventsOf[event.Notice](f); len(n) != 1 || !strings.Contains(n[0].Text, "cut off") {
				t.Fatalf("notices %+v", n)
			}
			if r := eventsOf[event.Retry](f); len(r) != 1 || r[0].Category != fk.category {
				t.Fatalf("retry events %+v, want one %s", r, fk.category)
			}
		})
	}
}

// TestMidStreamFailureAfterReadOnlyCallsIsRetried: when only read-only
// calls started, the attempt is thrown away and the request sent again.
func TestMidStreamFailureAfterReadOnlyCallsIsRetried(t *testing.T) {
	for _, fk := range faults {
		t.Run(fk.name, func(t *testing.T) {
			sc := providertest.Scenario{Turns: []providertest.Turn{fk.turn(failing("Sleep")), textTurn("done")}}
			f := faultFixture(t, sc, fk.stall, nil)
			res := f.submit(t, t.Context(), "go")
			if res.IsError || res.Text != "done" || res.NumTurns != 1 {
				t.Fatalf("result %+v", res)
			}
			if got := sideLines(t, f.eng.state.Cwd); len(got) != 0 {
				t.Fatalf("side effects %v, want none", got)
			}
			reqs := f.srv.Requests()
			if len(reqs) != 2 || len(reqs[1].Messages) != 1 {
				t.Fatalf("the retry must resend the prompt alone: %d requests, %+v", len(reqs), reqs[len(reqs)-1].Messages)
			}
			if msgs := f.eng.Messages(); len(msgs) != 2 || msgs[1].Text() != "done" {
				t.Fatalf("conversation %+v", msgs)
			}
		})
	}
}

// TestEveryAttemptFailsAfterASideEffect: each response runs a new call
// and is cut. The run ends after the stream-retry budget with an error;
// every call ran once and was answered once.
func TestEveryAttemptFailsAfterASideEffect(t *testing.T) {
	// 0 message_start, 1 ping, 2-5 the call, 6 text start, 7 text delta.
	sc := providertest.Scenario{Turns: []providertest.Turn{{ChunkSize: 1000, CutAfter: 7, Repeat: 3,
		Blocks: []providertest.Block{providertest.ToolUse("", "Append", map[string]any{}), providertest.Text("cut")}}}}
	f := newFixture(t, sc, func(c *Config) { c.Retry.MaxRetries = 2 })
	res := f.submit(t, t.Context(), "go")
	if !res.IsError || !strings.HasPrefix(res.Text, "API Error: connection_error") || res.NumTurns != 4 {
		t.Fatalf("result %+v", res)
	}
	reqs := f.srv.Requests()
	if len(reqs) != 3 {
		t.Fatalf("%d requests, want 3", len(reqs))
	}
	var ids []string
	for _, m := range f.eng.Messages() {
		for _, u := range m.ToolUses() {
			ids = append(ids, u.ID)
		}
	}
	got := sideLines(t, f.eng.state.Cwd)
	if len(got) != 3 || !slices.Equal(got, ids) {
		t.Fatalf("side effects %v for calls %v: each call must run exactly once", got, ids)
	}
	if n := len(eventsOf[event.ToolResult](f)); n != 3 {
		t.Fatalf("%d tool_result events, want 3", n)
	}
	if r := eventsOf[event.Retry](f); len(r) != 2 {
		t.Fatalf("%d retry events, want 2", len(r))
	}
}

// TestOverloadAfterASideEffectFallsBackWithoutRerunning: the overload
// switches to the fallback model, which sees the call's result.
func TestOverloadAfterASideEffectFallsBackWithoutRerunning(t *testing.T) {
	first := failing("Append")
	first.CutAfter, first.ErrorEvent = failAfterB, "overloaded_error"
	sc := providertest.Scenario{Turns: []providertest.Turn{first, textTurn("done")}}
	f := newFixture(t, sc, func(c *Config) { c.FallbackModels = []model.Info{model.Resolve("haiku")} })
	res := f.submit(t, t.Context(), "go")
	if res.IsError || res.Text != "done" {
		t.Fatalf("result %+v", res)
	}
	reqs := f.srv.Requests()
	if len(reqs) != 2 || reqs[1].Model != model.Resolve("haiku").ID {
		t.Fatalf("models %v", modelsOf(reqs))
	}
	if got := resultTexts(lastUser(reqs[1])); got["a"] != "appended a" {
		t.Fatalf("results %v", got)
	}
	if got := sideLines(t, f.eng.state.Cwd); !slices.Equal(got, []string{"a"}) {
		t.Fatalf("side effects %v", got)
	}
}

// TestBatchedToolsAreRetriedAfterAMidStreamFailure: batched calls only
// start once the stream ended, so a failed attempt ran nothing and is
// sent again.
func TestBatchedToolsAreRetriedAfterAMidStreamFailure(t *testing.T) {
	first := failing("Append")
	first.CutAfter = failAfterB
	whole := failing("Append")
	whole.Blocks = whole.Blocks[:2]
	sc := providertest.Scenario{Turns: []providertest.Turn{first, whole, textTurn("done")}}
	f := newFixture(t, sc, func(c *Config) { c.BatchTools = true })
	res := f.submit(t, t.Context(), "go")
	if res.IsError || res.Text != "done" {
		t.Fatalf("result %+v", res)
	}
	if got := sideLines(t, f.eng.state.Cwd); !slices.Equal(got, []string{"a"}) {
		t.Fatalf("side effects %v, want a once (from the retried response)", got)
	}
	if reqs := f.srv.Requests(); len(reqs) != 3 || len(reqs[1].Messages) != 1 {
		t.Fatalf("the failed attempt must be retried from scratch: %d requests", len(reqs))
	}
}

// checkToolLifecycle: across a fault, each call in ids was started, ran
// and finished exactly once, and no other call was announced (the call
// whose block never closed gets no event at all).
func checkToolLifecycle(t *testing.T, f *fixture, ids ...string) {
	t.Helper()
	count := map[string][3]int{}
	for _, e := range eventsOf[event.ToolStarted](f) {
		c := count[e.ToolUseID]
		c[0]++
		count[e.ToolUseID] = c
	}
	for _, e := range eventsOf[event.ToolRunning](f) {
		c := count[e.ToolUseID]
		c[1]++
		count[e.ToolUseID] = c
	}
	for _, e := range eventsOf[event.ToolFinished](f) {
		c := count[e.ToolUseID]
		c[2]++
		count[e.ToolUseID] = c
	}
	if len(count) != len(ids) {
		t.Fatalf("tool events for %v, want only %v", count, ids)
	}
	for _, id := range ids {
		if count[id] != [3]int{1, 1, 1} {
			t.Fatalf("call %s: started/running/finished %v, want once each", id, count[id])
		}
	}
}
