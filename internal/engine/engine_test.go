package engine

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"corvid/internal/event"
	"corvid/internal/model"
	"corvid/internal/permission"
	"corvid/internal/provider"
	"corvid/internal/provider/providertest"
	"corvid/internal/tool"
)

func textTurn(s string) providertest.Turn {
	return providertest.Turn{Blocks: []providertest.Block{providertest.Text(s)}}
}

func TestInterleavedSafeAndExclusiveTools(t *testing.T) {
	sc := providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("Working."), sleep("a", 30), sleep("b", 30),
			providertest.ToolUse("x", "Exclusive", map[string]int{"ms": 10}), sleep("c", 5)}},
		textTurn("All done."),
	}}
	f := newFixture(t, sc, nil)
	res := f.submit(t, t.Context(), "go")
	// num_turns as Claude Code counts it: the prompt and one per result.
	if res.IsError || res.Subtype != event.SubtypeSuccess || res.Text != "All done." || res.NumTurns != 5 {
		t.Fatalf("result %+v", res)
	}
	reqs := f.srv.Requests()
	got := resultTexts(lastUser(reqs[1]))
	for _, id := range []string{"a", "b", "x", "c"} {
		if got[id] != "slept "+id {
			t.Fatalf("result for %s = %q", id, got[id])
		}
	}
	var order []string
	for _, b := range lastUser(reqs[1]).Content {
		order = append(order, b.ToolUseID)
	}
	if !slices.Equal(order, []string{"a", "b", "x", "c"}) {
		t.Fatalf("tool_result order %v", order)
	}
	l := f.log
	if !l.starts["b"].Before(l.ends["a"]) {
		t.Fatal("a and b should overlap")
	}
	if l.starts["x"].Before(l.ends["a"]) || l.starts["x"].Before(l.ends["b"]) || l.starts["c"].Before(l.ends["x"]) {
		t.Fatal("x must run alone, after a and b and before c")
	}
	if n := len(eventsOf[event.ToolResult](f)); n != 4 {
		t.Fatalf("%d tool_result events, want 4", n)
	}
}

func TestToolFailureUnknownToolAndInvalidInput(t *testing.T) {
	sc := providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{
			providertest.ToolUse("f", "Fail", map[string]any{}),
			providertest.ToolUse("u", "NoSuchTool", map[string]any{}),
			providertest.ToolUse("v", "Sleep", map[string]any{"ms": "soon"}),
			{Type: "tool_use", ID: "j", Name: "Sleep", Input: []byte(`{"ms": 1`)}, // truncated JSON
		}},
		textTurn("Recovered."),
	}}
	f := newFixture(t, sc, nil)
	res := f.submit(t, t.Context(), "go")
	if res.IsError || res.Text != "Recovered." {
		t.Fatalf("result %+v", res)
	}
	um := lastUser(f.srv.Requests()[1])
	got := resultTexts(um)
	checks := map[string]string{
		"f": "it broke",
		"u": "No such tool available: NoSuchTool",
		"v": "InputValidationError",
		"j": "could not be read",
	}
	for id, want := range checks {
		if !strings.Contains(got[id], want) {
			t.Errorf("result %s = %q, want it to contain %q", id, got[id], want)
		}
	}
	for _, b := range um.Content {
		if !b.IsError {
			t.Errorf("result %s should be an error", b.ToolUseID)
		}
	}
	// The broken input is sent back as an empty object so the API accepts it.
	for _, b := range f.srv.Requests()[1].Messages[1].Content {
		if b.ID == "j" && string(b.Input) != "{}" {
			t.Errorf("invalid input sent back as %s", b.Input)
		}
	}
}

func TestRateLimitThenSuccess(t *testing.T) {
	sc := providertest.Scenario{Turns: []providertest.Turn{
		{Status: 429, RetryAfter: "0"},
		textTurn("ok"),
	}}
	f := newFixture(t, sc, nil)
	res := f.submit(t, t.Context(), "hi")
	if res.IsError || res.Text != "ok" || res.NumTurns != 1 {
		t.Fatalf("result %+v", res)
	}
	retries := eventsOf[event.Retry](f)
	if len(retries) != 1 || retries[0].Status != 429 || retries[0].Category != "rate_limit" || retries[0].Delay != 0 {
		t.Fatalf("retries %+v", retries)
	}
	if n := len(f.srv.Requests()); n != 2 {
		t.Fatalf("%d requests, want 2", n)
	}
}

func TestOverloadFallsBackToTheFallbackModel(t *testing.T) {
	sc := providertest.Scenario{Turns: []providertest.Turn{
		{Status: 529, Repeat: 3},
		textTurn("from the fallback"),
	}}
	f := newFixture(t, sc, func(c *Config) { c.FallbackModels = []model.Info{model.Resolve("haiku")} })
	res := f.submit(t, t.Context(), "hi")
	if res.IsError || res.Text != "from the fallback" {
		t.Fatalf("result %+v", res)
	}
	reqs := f.srv.Requests()
	if len(reqs) != 4 || reqs[2].Model != model.Resolve("sonnet").ID || reqs[3].Model != model.Resolve("haiku").ID {
		t.Fatalf("models %v", modelsOf(reqs))
	}
	if n := len(eventsOf[event.Notice](f)); n != 1 {
		t.Fatalf("want one fallback notice, got %d", n)
	}
	if _, ok := res.ModelUsage[model.Resolve("haiku").ID]; !ok {
		t.Fatalf("model usage %v lacks the fallback model", res.ModelUsage)
	}
}

func TestOverloadMidStreamDiscardsStartedTools(t *testing.T) {
	sc := providertest.Scenario{Turns: []providertest.Turn{
		// message_start, ping, then the tool block (start, deltas, stop)
		// and one more block's start before the overload error.
		{Blocks: []providertest.Block{
			providertest.ToolUse("w", "Wait", map[string]any{}), providertest.Text("never finished"),
		}, CutAfter: 7, ErrorEvent: "overloaded_error"},
		{Blocks: []providertest.Block{sleep("s", 1)}},
		textTurn("done"),
	}}
	started := make(chan string, 4)
	f := newFixture(t, sc, func(c *Config) { c.FallbackModels = []model.Info{model.Resolve("haiku")} })
	f.log.onStart = func(id string) { started <- id }
	res := f.submit(t, t.Context(), "hi")
	if res.IsError || res.Text != "done" {
		t.Fatalf("result %+v", res)
	}
	if id := <-started; id != "w" {
		t.Fatalf("first started tool %q, want w (it starts before the stream fails)", id)
	}
	reqs := f.srv.Requests()
	if len(reqs) != 3 || reqs[1].Model != model.Resolve("haiku").ID {
		t.Fatalf("models %v", modelsOf(reqs))
	}
	for _, m := range reqs[1].Messages {
		for _, b := range m.Content {
			if b.ID == "w" || b.ToolUseID == "w" {
				t.Fatal("the discarded partial response reached the conversation")
			}
		}
	}
}

func TestDroppedConnectionMidStreamIsRetried(t *testing.T) {
	sc := providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("partial answer that is cut")}, CutAfter: 4},
		textTurn("complete"),
	}}
	f := newFixture(t, sc, nil)
	res := f.submit(t, t.Context(), "hi")
	if res.IsError || res.Text != "complete" {
		t.Fatalf("result %+v", res)
	}
	if r := eventsOf[event.Retry](f); len(r) != 1 || r[0].Category != "connection_error" {
		t.Fatalf("retries %+v", r)
	}
}

func TestMaxTokensContinuation(t *testing.T) {
	sc := providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("first half")}, StopReason: "max_tokens"},
		textTurn("second half"),
	}}
	f := newFixture(t, sc, nil)
	res := f.submit(t, t.Context(), "write")
	if res.IsError || res.Text != "second half" || res.NumTurns != 1 {
		t.Fatalf("result %+v", res)
	}
	if got := lastUser(f.srv.Requests()[1]).Text(); got != continuationText {
		t.Fatalf("continuation request %q", got)
	}
}

func TestMaxTokensGivesUpAfterThreeContinuations(t *testing.T) {
	sc := providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("more")}, StopReason: "max_tokens", Repeat: 4},
	}}
	f := newFixture(t, sc, nil)
	res := f.submit(t, t.Context(), "write")
	if !res.IsError || res.Subtype != event.SubtypeDuringExecution || res.NumTurns != 1 {
		t.Fatalf("result %+v", res)
	}
}

func TestMaxTurns(t *testing.T) {
	sc := providertest.Scenario{Turns: []providertest.Turn{{Blocks: []providertest.Block{sleep("a", 1)}}}}
	f := newFixture(t, sc, func(c *Config) { c.MaxTurns = 1 })
	res := f.submit(t, t.Context(), "loop")
	// A max-turns stop reports max+1 turns and the last stop reason, as
	// Claude Code does.
	if res.Subtype != event.SubtypeMaxTurns || !res.IsError || res.NumTurns != 2 || res.StopReason != "tool_use" ||
		!slices.Equal(res.Errors, []string{"Reached maximum number of turns (1)"}) {
		t.Fatalf("result %+v", res)
	}
	if _, ran := f.log.ends["a"]; !ran {
		t.Fatal("the last turn's tools still run before the limit stops the loop")
	}
}

func TestBudget(t *testing.T) {
	sc := providertest.Scenario{Turns: []providertest.Turn{{Blocks: []providertest.Block{sleep("a", 1)},
		Usage: provider.Usage{InputTokens: 100000, OutputTokens: 1000}}}}
	f := newFixture(t, sc, func(c *Config) { c.MaxBudgetUSD = 0.01 })
	res := f.submit(t, t.Context(), "spend")
	if res.Subtype != event.SubtypeMaxBudget || !res.IsError || res.TotalCostUSD < 0.01 {
		t.Fatalf("result %+v", res)
	}
	if !strings.Contains(res.Errors[0], "Reached maximum budget ($0.01)") {
		t.Fatalf("errors %v", res.Errors)
	}
}

func TestFinalAPIErrors(t *testing.T) {
	cases := []struct {
		status   int
		category string
		advice   string
	}{
		{401, "authentication_failed", "ANTHROPIC_API_KEY"},
		{400, "invalid_request", "--model"},
		{500, "server_error", "try again later"},
	}
	for _, tc := range cases {
		t.Run(tc.category, func(t *testing.T) {
			sc := providertest.Scenario{Turns: []providertest.Turn{{Status: tc.status, Repeat: 3}}, AllowUnused: true}
			f := newFixture(t, sc, func(c *Config) { c.Retry.MaxRetries = 2 })
			res := f.submit(t, t.Context(), "hi")
			if !res.IsError || res.Subtype != event.SubtypeSuccess || res.APIErrorStatus != tc.status ||
				!strings.HasPrefix(res.Text, "API Error: ") || !strings.Contains(res.Text, tc.advice) {
				t.Fatalf("result %+v", res)
			}
			a := eventsOf[event.Assistant](f)
			if len(a) != 1 || a[0].Model != "<synthetic>" || a[0].Error != tc.category {
				t.Fatalf("synthetic message %+v", a)
			}
			wantReqs := 1
			if tc.status == 500 {
				wantReqs = 3
			}
			if n := len(f.srv.Requests()); n != wantReqs {
				t.Fatalf("%d requests, want %d", n, wantReqs)
			}
		})
	}
}

func TestInterruptMidStream(t *testing.T) {
	sc := providertest.Scenario{Turns: []providertest.Turn{{
		Blocks: []providertest.Block{providertest.ToolUse("w", "Wait", map[string]any{}),
			providertest.Text(strings.Repeat("still talking ", 40))},
		ChunkDelay: 5 * time.Millisecond,
	}}, AllowUnused: true}
	f := newFixture(t, sc, nil)
	f.log.onStart = func(string) { f.eng.Interrupt() }
	res := f.submit(t, t.Context(), "hi")
	if res.Subtype != event.SubtypeDuringExecution || res.TerminalReason != "aborted_streaming" {
		t.Fatalf("result %+v", res)
	}
	msgs := f.eng.Messages()
	last := msgs[len(msgs)-1]
	if got := resultTexts(last)["w"]; !strings.Contains(got, "interrupted") {
		t.Fatalf("interrupted tool result %q", got)
	}
	if n := len(f.srv.Requests()); n != 1 {
		t.Fatalf("%d requests after an interrupt, want 1", n)
	}
}

func TestToolsStartBeforeTheMessageEnds(t *testing.T) {
	for _, batch := range []bool{false, true} {
		sc := providertest.Scenario{Turns: []providertest.Turn{
			{Blocks: []providertest.Block{sleep("a", 1), providertest.Text(strings.Repeat("more ", 30))},
				ChunkDelay: 2 * time.Millisecond},
			textTurn("ok"),
		}}
		f := newFixture(t, sc, func(c *Config) { c.BatchTools = batch })
		var stopSent bool
		var blocksSeen int
		f.log.onStart = func(string) {
			_, stopSent = f.srv.Timeline()[0].MessageStop()
			blocksSeen = len(eventsOf[event.Assistant](f))
		}
		f.submit(t, t.Context(), "go")
		if batch && blocksSeen != 2 {
			t.Fatalf("batched tools must wait for the whole message; %d of 2 blocks were in", blocksSeen)
		}
		if !batch && (stopSent || blocksSeen != 1) {
			t.Fatalf("streaming: the tool started after message_stop (%v) or after %d blocks", stopSent, blocksSeen)
		}
	}
}

func TestDeniedToolIsRecorded(t *testing.T) {
	sc := providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.ToolUse("x", "Exclusive", map[string]int{"ms": 1})}},
		textTurn("ok"),
	}}
	f := newFixture(t, sc, func(c *Config) { c.Permission = permission.Gate{Deny: []string{"Exclusive"}} })
	res := f.submit(t, t.Context(), "go")
	if len(res.Denials) != 1 || res.Denials[0].ToolName != "Exclusive" || res.Denials[0].ToolUseID != "x" {
		t.Fatalf("denials %+v", res.Denials)
	}
}

func modelsOf(reqs []providertest.Request) []string {
	var out []string
	for _, r := range reqs {
		out = append(out, r.Model)
	}
	return out
}

func TestHardStopAfterInterruptStopsBlockingTools(t *testing.T) {
	sc := providertest.Scenario{Turns: []providertest.Turn{{
		Blocks: []providertest.Block{providertest.ToolUse("x", "Exclusive", map[string]int{"ms": 600000})},
	}}}
	hard, kill := context.WithCancelCause(t.Context())
	f := newFixture(t, sc, nil)
	f.log.onStart = func(string) {
		f.eng.Interrupt() // Exclusive blocks on interrupt: it keeps running
		kill(errors.New("second Ctrl-C"))
	}
	res := f.submit(t, hard, "go")
	if res.Subtype != event.SubtypeDuringExecution || !strings.Contains(res.Errors[0], "Interrupted") {
		t.Fatalf("result %+v", res)
	}
	if got := resultTexts(f.eng.Messages()[2])["x"]; !strings.Contains(got, "interrupted") {
		t.Fatalf("tool result %q", got)
	}
}

func TestRemindersAndLineCounts(t *testing.T) {
	edit := &tool.Func{ToolName: "Edit", Schema: []byte(`{"type":"object"}`),
		Run: func(context.Context, tool.Call) (*tool.Result, error) {
			return &tool.Result{Content: tool.Text("edited").Content, LinesAdded: 3, LinesRemoved: 1}, nil
		}}
	sc := providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.ToolUse("e", "Edit", map[string]any{})}},
		textTurn("done"),
	}}
	notes := [][]string{{"shell 1 finished"}, nil}
	f := newFixture(t, sc, func(c *Config) {
		reg, _ := tool.NewRegistry(edit)
		c.Tools = reg
		c.Reminders = func() []string { n := notes[0]; notes = notes[1:]; return n }
	})
	f.submit(t, t.Context(), "go")
	first := f.srv.Requests()[0].Messages[0]
	if got := first.Content[len(first.Content)-1].Text; got != "<system-reminder>\nshell 1 finished\n</system-reminder>" {
		t.Fatalf("reminder block %q", got)
	}
	if n := len(lastUser(f.srv.Requests()[1]).Content); n != 1 {
		t.Fatalf("second request's user message has %d blocks, want only the tool result", n)
	}
	if add, rm := f.eng.Costs().Lines(); add != 3 || rm != 1 {
		t.Fatalf("lines %d/%d, want 3/1", add, rm)
	}
}
