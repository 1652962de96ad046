package engine

import (
	"strings"
	"testing"

	"corvid/internal/compact"
	"corvid/internal/event"
	"corvid/internal/filestate"
	"corvid/internal/model"
	"corvid/internal/provider"
	"corvid/internal/provider/providertest"
	"corvid/internal/tools/read"
)

func TestBreakpointsOnStablePrefixAndLatestMessage(t *testing.T) {
	f := newFixture(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{sleep("a", 1)}},
		{Blocks: []providertest.Block{providertest.Text("done")}},
	}}, func(c *Config) { c.System = []string{"stable one", "stable two"} })
	f.submit(t, t.Context(), "go")
	reqs := f.srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests", len(reqs))
	}
	for i, r := range reqs {
		if n := len(r.System); n != 2 || r.System[0].CacheControl != nil || r.System[1].CacheControl == nil {
			t.Errorf("request %d: system breakpoints wrong: %+v", i, r.System)
		}
		last := r.Messages[len(r.Messages)-1].Content
		if last[len(last)-1].CacheControl == nil {
			t.Errorf("request %d: no breakpoint on the newest message", i)
		}
		if n := countBreakpoints(r); n != 2 {
			t.Errorf("request %d: %d breakpoints, want 2", i, n)
		}
	}
	for _, m := range f.eng.Messages() {
		for _, b := range m.Content {
			if b.CacheControl != nil {
				t.Fatalf("a breakpoint leaked into the conversation: %+v", b)
			}
		}
	}
}

func TestNoPromptCache(t *testing.T) {
	f := newFixture(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("ok")}}}},
		func(c *Config) { c.System, c.NoPromptCache = []string{"s"}, true })
	f.submit(t, t.Context(), "go")
	if n := countBreakpoints(f.srv.Requests()[0]); n != 0 {
		t.Errorf("%d breakpoints with caching off", n)
	}
}

func countBreakpoints(r providertest.Request) int {
	n := 0
	for _, b := range r.System {
		if b.CacheControl != nil {
			n++
		}
	}
	for _, d := range r.Tools {
		if d.CacheControl != nil {
			n++
		}
	}
	for _, m := range r.Messages {
		for _, b := range m.Content {
			if b.CacheControl != nil {
				n++
			}
		}
	}
	return n
}

func TestOpeningLeadsTheFirstPromptOnly(t *testing.T) {
	f := newFixture(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("one")}},
		{Blocks: []providertest.Block{providertest.Text("two")}},
	}}, func(c *Config) { c.Opening = []string{"<system-reminder>\nRULES\n</system-reminder>"} })
	f.submit(t, t.Context(), "first")
	f.submit(t, t.Context(), "second")
	msgs := f.srv.Requests()[1].Messages
	if got := msgs[0].Content; len(got) != 2 || !strings.Contains(got[0].Text, "RULES") || got[1].Text != "first" {
		t.Errorf("first user message = %+v, want the opening then the prompt", got)
	}
	if got := msgs[2].Content; len(got) != 1 || got[0].Text != "second" {
		t.Errorf("second prompt = %+v, want it alone", got)
	}
}

func TestResumedHistoryEndingWithUserJoinsThePrompt(t *testing.T) {
	history := []provider.Message{
		{Role: provider.RoleUser, Content: []provider.Block{provider.TextBlock("earlier")}},
		{Role: provider.RoleAssistant, Content: []provider.Block{{Type: provider.BlockToolUse, ID: "t1", Name: "Sleep",
			Input: []byte(`{"MS":1}`)}}},
		{Role: provider.RoleUser, Content: []provider.Block{{Type: provider.BlockToolResult, ToolUseID: "t1",
			Content: []provider.Block{provider.TextBlock("interrupted")}, IsError: true}}},
	}
	f := newFixture(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("ok")}}}},
		func(c *Config) { c.History, c.Opening = history, []string{"not again"} })
	f.submit(t, t.Context(), "go on")
	msgs := f.srv.Requests()[0].Messages
	if len(msgs) != 3 {
		t.Fatalf("%d messages sent, want 3 (the prompt joins the trailing user message)", len(msgs))
	}
	last := msgs[2].Content
	if len(last) != 2 || last[0].Type != provider.BlockToolResult || last[1].Text != "go on" {
		t.Errorf("last message = %+v", last)
	}
	if len(history[2].Content) != 1 {
		t.Error("the caller's history was modified")
	}
}

// sonnet45 has a 200k window and 32k output: the threshold is 167,000.
var sonnet45 = model.Resolve("claude-sonnet-4-5")

func TestAutoCompactionKeepsOpeningAndCarry(t *testing.T) {
	f := newFixture(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{sleep("a", 1)}, Usage: provider.Usage{InputTokens: 170_000, OutputTokens: 100}},
		{Blocks: []providertest.Block{providertest.Text("SUMMARY-1")}},
		{Blocks: []providertest.Block{providertest.Text("finished")}},
	}}, func(c *Config) {
		c.Model = sonnet45
		c.Opening = []string{"<system-reminder>\nRULES-X\n</system-reminder>"}
		c.Carry = func() compact.Reinject { return compact.Reinject{Todos: "1. [pending] TODO-Y"} }
	})
	res := f.submit(t, t.Context(), "start")
	if res.IsError || res.Text != "finished" {
		t.Fatalf("result %+v", res)
	}
	evs := eventsOf[event.Compacted](f)
	if len(evs) != 1 || evs[0].Trigger != TriggerAuto || evs[0].PreTokens != 170_100 {
		t.Fatalf("compaction events %+v", evs)
	}
	reqs := f.srv.Requests()
	if len(reqs[1].Tools) != 0 {
		t.Errorf("the summarisation request offered %d tools", len(reqs[1].Tools))
	}
	after := requestText(reqs[2])
	for _, want := range []string{"SUMMARY-1", "RULES-X", "TODO-Y"} {
		if !strings.Contains(after, want) {
			t.Errorf("the request after compaction lacks %q", want)
		}
	}
	if err := compact.Validate(f.eng.Messages()); err != nil {
		t.Errorf("history after compaction: %v", err)
	}
}

func TestMicroCompactionFirst(t *testing.T) {
	big := strings.Repeat("x", 40_000)
	var history []provider.Message
	history = append(history, provider.Message{Role: provider.RoleUser, Content: []provider.Block{provider.TextBlock("read")}})
	for i := range 10 {
		id := "r" + string(rune('a'+i))
		history = append(history,
			provider.Message{Role: provider.RoleAssistant, Content: []provider.Block{{Type: provider.BlockToolUse, ID: id,
				Name: "Read", Input: []byte(`{}`)}}},
			provider.Message{Role: provider.RoleUser, Content: []provider.Block{{Type: provider.BlockToolResult,
				ToolUseID: id, Content: []provider.Block{provider.TextBlock(big)}}}})
	}
	history = append(history, provider.Message{Role: provider.RoleAssistant,
		Content: []provider.Block{provider.TextBlock("read them")}})
	f := newFixture(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{sleep("a", 1)}, Usage: provider.Usage{InputTokens: 170_000}},
		{Blocks: []providertest.Block{providertest.Text("no summary needed")}},
	}}, func(c *Config) {
		c.Model, c.History = sonnet45, history
		// Read's results may be cleared because the Read tool says so
		// (tool.Rerunnable); the engine has no list of its own.
		if err := c.Tools.Add(read.New(filestate.New())); err != nil {
			t.Fatal(err)
		}
	})
	res := f.submit(t, t.Context(), "more")
	if res.Text != "no summary needed" {
		t.Fatalf("result %+v", res)
	}
	if n := len(eventsOf[event.Compacted](f)); n != 0 {
		t.Errorf("%d full compactions; micro-compaction freed enough", n)
	}
	sent := requestText(f.srv.Requests()[1])
	if strings.Count(sent, big) != 6 {
		t.Errorf("%d large results still sent, want the 6 most recent", strings.Count(sent, big))
	}
}

func TestReactiveCompactionRetriesOnce(t *testing.T) {
	tooLong := providertest.Turn{Status: 400, ErrorMessage: "prompt is too long: 210000 tokens > 200000 maximum"}
	f := newFixture(t, providertest.Scenario{Turns: []providertest.Turn{
		tooLong,
		{Blocks: []providertest.Block{providertest.Text("SUMMARY")}},
		{Blocks: []providertest.Block{providertest.Text("recovered")}},
	}}, func(c *Config) { c.Model = sonnet45 })
	if res := f.submit(t, t.Context(), "long"); res.IsError || res.Text != "recovered" {
		t.Fatalf("result %+v", res)
	}
	if evs := eventsOf[event.Compacted](f); len(evs) != 1 || evs[0].PreTokens != 210_000 {
		t.Errorf("compactions %+v", evs)
	}

	g := newFixture(t, providertest.Scenario{Turns: []providertest.Turn{
		tooLong, {Blocks: []providertest.Block{providertest.Text("SUMMARY")}}, tooLong,
	}}, func(c *Config) { c.Model = sonnet45 })
	if res := g.submit(t, t.Context(), "long"); !res.IsError || res.TerminalReason != "prompt_too_long" {
		t.Fatalf("second too-long: result %+v, want the error", res)
	}
}

func TestManualCompaction(t *testing.T) {
	f := newFixture(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("answer")}},
		{Blocks: []providertest.Block{providertest.Text("MANUAL")}},
	}}, nil)
	f.submit(t, t.Context(), "question")
	res := f.eng.Compact(t.Context(), "FOCUS-Z")
	if res.IsError {
		t.Fatalf("compact: %+v", res)
	}
	if !strings.Contains(requestText(f.srv.Requests()[1]), "FOCUS-Z") {
		t.Error("the focus did not reach the summarisation request")
	}
	if !strings.Contains(requestText(providertest.Request{Messages: f.eng.Messages()}), "MANUAL") {
		t.Error("the history does not hold the summary")
	}
	empty := newFixture(t, providertest.Scenario{}, nil)
	if res := empty.eng.Compact(t.Context(), ""); !res.IsError {
		t.Errorf("compacting nothing: %+v", res)
	}
}

func TestDisabledCompaction(t *testing.T) {
	f := newFixture(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{sleep("a", 1)}, Usage: provider.Usage{InputTokens: 190_000}},
		{Blocks: []providertest.Block{providertest.Text("fine")}},
	}}, func(c *Config) { c.Model, c.Compaction.Settings.Disabled = sonnet45, true })
	if res := f.submit(t, t.Context(), "go"); res.Text != "fine" {
		t.Fatalf("result %+v", res)
	}
	if len(f.srv.Requests()) != 2 {
		t.Errorf("%d requests; auto-compaction is off", len(f.srv.Requests()))
	}
}

func TestPreCompactHookAddsInstructions(t *testing.T) {
	f := newFixture(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("a")}},
		{Blocks: []providertest.Block{providertest.Text("S")}},
	}}, func(c *Config) {
		c.Hooks = &recHooks{preCompact: func(trigger, _ string) ([]string, error) {
			return []string{"HOOK-" + trigger}, nil
		}}
	})
	f.submit(t, t.Context(), "q")
	f.eng.Compact(t.Context(), "")
	if !strings.Contains(requestText(f.srv.Requests()[1]), "HOOK-manual") {
		t.Error("the PreCompact hook's text did not reach the summary request")
	}
}

// requestText is every text of a request's messages, joined.
func requestText(r providertest.Request) string {
	var b strings.Builder
	var walk func([]provider.Block)
	walk = func(bs []provider.Block) {
		for _, x := range bs {
			b.WriteString(x.Text)
			b.WriteString("\n")
			walk(x.Content)
		}
	}
	for _, m := range r.Messages {
		walk(m.Content)
	}
	return b.String()
}
