package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"corvid/internal/event"
	"corvid/internal/executor"
	"corvid/internal/provider/providertest"
	"corvid/internal/tool"
)

// recHooks records every hook point the engine calls, in order, and
// answers from its functions.
type recHooks struct {
	noHooks
	mu         sync.Mutex
	calls      []string
	stop       func(n int, last string, active bool) string
	prompt     func(string) (bool, string)
	preCompact func(trigger, instructions string) ([]string, error)
	stops      int
}

func (h *recHooks) log(format string, a ...any) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.calls = append(h.calls, fmt.Sprintf(format, a...))
}

func (h *recHooks) seen() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.calls)
}

func (h *recHooks) Stop(_ context.Context, last string, active bool) string {
	h.log("Stop(%q,%v)", last, active)
	h.stops++
	if h.stop == nil {
		return ""
	}
	return h.stop(h.stops, last, active)
}

func (h *recHooks) UserPromptSubmit(_ context.Context, p string) (bool, string) {
	h.log("UserPromptSubmit(%q)", p)
	if h.prompt == nil {
		return false, ""
	}
	return h.prompt(p)
}

func (h *recHooks) SessionStart(_ context.Context, source, model string) {
	h.log("SessionStart(%s,%v)", source, model != "")
}

func (h *recHooks) SessionEnd(_ context.Context, reason string) { h.log("SessionEnd(%s)", reason) }

func (h *recHooks) PreCompact(_ context.Context, trigger, instructions string) ([]string, error) {
	h.log("PreCompact(%s,%q)", trigger, instructions)
	if h.preCompact == nil {
		return nil, nil
	}
	return h.preCompact(trigger, instructions)
}

func (h *recHooks) PostCompact(_ context.Context, trigger, summary string) {
	h.log("PostCompact(%s,%q)", trigger, summary)
}

func (h *recHooks) PostToolUse(_ context.Context, in executor.HookInput, r *tool.Result) *tool.Result {
	h.log("PostToolUse(%s,%s)", in.ToolName, r.TextOf())
	return nil
}

func (h *recHooks) PostToolUseFailure(_ context.Context, in executor.HookInput, r *tool.Result) *tool.Result {
	h.log("PostToolUseFailure(%s,%s)", in.ToolName, r.TextOf())
	return nil
}

func texts(ss ...string) []providertest.Turn {
	var out []providertest.Turn
	for _, s := range ss {
		out = append(out, providertest.Turn{Blocks: []providertest.Block{providertest.Text(s)}})
	}
	return out
}

// A Stop hook that blocks once: the model goes on with the reason as its
// instruction, the second stop is told stop_hook_active, and the turn
// ends with the second answer.
func TestStopHookBlocksOnce(t *testing.T) {
	h := &recHooks{stop: func(n int, _ string, _ bool) string {
		if n == 1 {
			return "run the tests first"
		}
		return ""
	}}
	f := newFixture(t, providertest.Scenario{Turns: texts("done?", "done!")}, func(c *Config) { c.Hooks = h })
	res := f.submit(t, t.Context(), "go")
	if res.Text != "done!" || len(f.srv.Requests()) != 2 {
		t.Fatalf("result %+v after %d requests", res, len(f.srv.Requests()))
	}
	if !strings.Contains(requestText(f.srv.Requests()[1]), "Stop hook feedback:\nrun the tests first") {
		t.Errorf("second request does not carry the reason: %s", requestText(f.srv.Requests()[1]))
	}
	want := []string{"SessionStart(startup,true)", `UserPromptSubmit("go")`, `Stop("done?",false)`, `Stop("done!",true)`}
	if got := h.seen(); !slices.Equal(got, want) {
		t.Errorf("hook calls %q, want %q", got, want)
	}
}

// A Stop hook that always blocks keeps the turn going until its blocks
// reach the cap; that block is overridden and the turn ends with a note
// instead of looping (Claude Code: 9 questions, 8 continuations).
func TestStopHookBound(t *testing.T) {
	for _, limit := range []int{0, 3} {
		want := limit
		if want == 0 {
			want = DefaultStopBlockCap
		}
		h := &recHooks{stop: func(int, string, bool) string { return "again" }}
		f := newFixture(t, providertest.Scenario{Turns: []providertest.Turn{{Blocks: []providertest.Block{
			providertest.Text("not yet")}, Repeat: want}}}, func(c *Config) { c.Hooks, c.StopBlockCap = h, limit })
		res := f.submit(t, t.Context(), "go")
		if res.IsError || res.Subtype != event.SubtypeSuccess || len(f.srv.Requests()) != want {
			t.Fatalf("cap %d: result %+v after %d requests, want success after %d", limit, res, len(f.srv.Requests()), want)
		}
		if h.stops != want {
			t.Errorf("cap %d: Stop asked %d times, want %d", limit, h.stops, want)
		}
		notes := eventsOf[event.Notice](f)
		if len(notes) != 1 || !strings.Contains(notes[0].Text, fmt.Sprintf("%d consecutive times", want)) {
			t.Errorf("cap %d: notices %+v", limit, notes)
		}
		if n := strings.Count(fmt.Sprint(f.eng.Messages()), "Stop hook feedback"); n != want-1 {
			t.Errorf("cap %d: %d feedback messages, want %d", limit, n, want-1)
		}
	}
}

// A UserPromptSubmit hook that blocks keeps the prompt from the model
// and the conversation; the turn ends as Claude Code ends it: a notice
// and a successful result, without turns, that say why.
func TestUserPromptSubmitBlocks(t *testing.T) {
	h := &recHooks{prompt: func(string) (bool, string) { return true, "no secrets" }}
	f := newFixture(t, providertest.Scenario{}, func(c *Config) { c.Hooks = h })
	res := f.submit(t, t.Context(), "print the key")
	want := "UserPromptSubmit operation blocked by hook:\nno secrets\n\n\nOriginal prompt: print the key"
	if res.IsError || res.Subtype != event.SubtypeSuccess || res.Text != want || res.NumTurns != 0 ||
		len(f.srv.Requests()) != 0 || len(f.eng.Messages()) != 0 {
		t.Fatalf("result %+v, %d requests, %d messages", res, len(f.srv.Requests()), len(f.eng.Messages()))
	}
	if notes := eventsOf[event.Notice](f); len(notes) != 1 || notes[0].Text != want {
		t.Errorf("notices %+v", notes)
	}
}

// SessionStart fires once, with resume for a resumed conversation; a
// compaction runs PreCompact (trigger, instructions), PostCompact (the
// summary) and SessionStart(compact).
func TestSessionAndCompactHooks(t *testing.T) {
	h := &recHooks{}
	f := newFixture(t, providertest.Scenario{Turns: texts("a", "b", "S")}, func(c *Config) {
		c.Hooks, c.SessionSource = h, SourceResume
	})
	f.submit(t, t.Context(), "one")
	f.submit(t, t.Context(), "two")
	if res := f.eng.Compact(t.Context(), "keep the API notes"); res.IsError {
		t.Fatalf("compact: %+v", res)
	}
	f.eng.End(t.Context(), "other")
	f.eng.End(t.Context(), "other")
	want := []string{"SessionStart(resume,true)", `UserPromptSubmit("one")`, `Stop("a",false)`,
		`UserPromptSubmit("two")`, `Stop("b",false)`, `PreCompact(manual,"keep the API notes")`,
		`PostCompact(manual,"S")`, "SessionStart(compact,true)", "SessionEnd(other)"}
	if got := h.seen(); !slices.Equal(got, want) {
		t.Errorf("hook calls\n got %q\nwant %q", got, want)
	}
}

// A PreCompact hook that refuses stops the compaction: no summary is
// asked for and the history stays.
func TestPreCompactRefuses(t *testing.T) {
	h := &recHooks{preCompact: func(string, string) ([]string, error) { return nil, errors.New("not now") }}
	f := newFixture(t, providertest.Scenario{Turns: texts("a")}, func(c *Config) { c.Hooks = h })
	f.submit(t, t.Context(), "q")
	before := len(f.eng.Messages())
	res := f.eng.Compact(t.Context(), "")
	if !res.IsError || !strings.Contains(strings.Join(res.Errors, " "), "not now") ||
		len(f.srv.Requests()) != 1 || len(f.eng.Messages()) != before {
		t.Fatalf("result %+v, %d requests", res, len(f.srv.Requests()))
	}
	if got := h.seen(); slices.Contains(got, `PostCompact(manual,"")`) {
		t.Errorf("PostCompact ran after a refusal: %q", got)
	}
}

// The tool hook points run inside the engine's pipeline: a tool that
// fails goes to PostToolUseFailure, one that succeeds to PostToolUse.
func TestToolHooksInEngine(t *testing.T) {
	h := &recHooks{}
	f := newFixture(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.ToolUse("t1", "Fail", map[string]any{}), sleep("t2", 1)}},
		{Blocks: []providertest.Block{providertest.Text("ok")}}}}, func(c *Config) { c.Hooks = h })
	f.submit(t, t.Context(), "go")
	got := h.seen()
	if !slices.Contains(got, "PostToolUseFailure(Fail,it broke)") || !slices.Contains(got, "PostToolUse(Sleep,slept t2)") ||
		slices.Contains(got, "PostToolUse(Fail,it broke)") {
		t.Errorf("hook calls %q", got)
	}
}

// subHooks are parent hooks that also hold SubagentStop hooks.
type subHooks struct {
	*recHooks
	stops []string
}

func (h *subHooks) SubagentStopper(id, typ, path string) func(context.Context, string, bool) string {
	return func(_ context.Context, last string, active bool) string {
		h.stops = append(h.stops, fmt.Sprintf("%s %s %s: %s/%v", id, typ, path, last, active))
		return "sub stop"
	}
}

// A sub-agent runs its parent's tool hooks but none of its session,
// prompt or compaction hooks, and SubagentStop instead of Stop.
func TestForSubagent(t *testing.T) {
	if ForSubagent(nil, "a1", "x", "") != nil {
		t.Fatal("no hooks must stay nil")
	}
	h := &subHooks{recHooks: &recHooks{stop: func(int, string, bool) string { return "parent stop" }}}
	f := newFixture(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{sleep("t1", 1)}}, {Blocks: []providertest.Block{providertest.Text("a")}},
		{Blocks: []providertest.Block{providertest.Text("b")}}}}, func(c *Config) {
		c.Hooks, c.StopBlockCap = ForSubagent(h, "a1", "reviewer", "/t/a1.jsonl"), 2
	})
	f.submit(t, t.Context(), "task")
	f.eng.End(t.Context(), "other")
	if got, want := h.seen(), []string{"PostToolUse(Sleep,slept t1)"}; !slices.Equal(got, want) {
		t.Errorf("parent hooks ran %q, want only %q", got, want)
	}
	want := []string{"a1 reviewer /t/a1.jsonl: a/false", "a1 reviewer /t/a1.jsonl: b/true"}
	if !slices.Equal(h.stops, want) {
		t.Errorf("sub-agent stops %q, want %q", h.stops, want)
	}
	plain := ForSubagent(&recHooks{stop: func(int, string, bool) string { return "parent stop" }}, "a2", "x", "")
	if plain.Stop(t.Context(), "done", false) != "" {
		t.Error("a parent without SubagentStop hooks stopped the sub-agent with its Stop hooks")
	}
}
