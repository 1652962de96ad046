package engine

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"corvid/internal/event"
	"corvid/internal/permission"
	"corvid/internal/provider"
	"corvid/internal/provider/providertest"
	"corvid/internal/tool"
)

// interruptOn makes the fixture interrupt the turn from its sink the n-th
// time pred holds for a published event.
func interruptOn(f *fixture, n int, pred func(event.Event) bool) {
	seen := 0
	f.eng.deps.Sink = func(ev event.Event) {
		f.sink(ev)
		if pred(ev) {
			if seen++; seen == n {
				f.eng.Interrupt()
			}
		}
	}
}

func isTextDelta(ev event.Event) bool {
	d, ok := ev.(event.Delta)
	return ok && d.Kind == event.KindText
}

// TestInterruptKeepsStreamedText: an interrupt while text streams keeps
// what had streamed, as Claude Code does: an aborted assistant event with
// that text, kept in the conversation, then the user message
// "[Request interrupted by user]", then the result.
func TestInterruptKeepsStreamedText(t *testing.T) {
	// 0 message_start, 1 ping, 2 block start, 3-4 two 12-byte deltas, then silence.
	sc := providertest.Scenario{Turns: []providertest.Turn{{
		Blocks: []providertest.Block{providertest.Text("Once upon a time there was a long story.")},
		Stall:  providertest.StallStream, CutAfter: 5,
	}}}
	f := newFixture(t, sc, func(c *Config) { c.PartialMessages = true })
	interruptOn(f, 2, isTextDelta)
	res := f.submit(t, t.Context(), "tell me")
	if res.Subtype != event.SubtypeDuringExecution || res.TerminalReason != "aborted_streaming" || res.NumTurns != 2 {
		t.Fatalf("result %+v", res)
	}
	const streamed = "Once upon a time there w" // two 12-byte deltas
	var aborted []event.Assistant
	for _, a := range eventsOf[event.Assistant](f) {
		if a.Aborted {
			aborted = append(aborted, a)
		}
	}
	if len(aborted) != 1 || aborted[0].Block.Text != streamed || aborted[0].MessageID == "" {
		t.Fatalf("aborted assistant events %+v, want one with %q", aborted, streamed)
	}
	marks := eventsOf[event.UserText](f)
	if len(marks) != 1 || marks[0].Text != event.InterruptedText {
		t.Fatalf("user text events %+v", marks)
	}
	if last := f.events[len(f.events)-2]; last != event.Event(marks[0]) {
		t.Fatalf("the marker is not right before the result: %#v", last)
	}
	msgs := f.eng.Messages()
	n := len(msgs)
	if n != 3 || msgs[1].Role != provider.RoleAssistant || msgs[1].Text() != streamed ||
		msgs[2].Role != provider.RoleUser || msgs[2].Text() != event.InterruptedText {
		t.Fatalf("conversation after the interrupt: %+v", msgs)
	}
}

// TestInterruptDuringToolsAddsToolMarker: an interrupt while a call runs
// ends with "[Request interrupted by user for tool use]" after the call's
// result; stop_reason is the response's (tool_use), and num_turns counts
// the prompt, the result and the marker.
func TestInterruptDuringToolsAddsToolMarker(t *testing.T) {
	sc := providertest.Scenario{Turns: []providertest.Turn{{
		Blocks: []providertest.Block{providertest.ToolUse("w", "Wait", map[string]any{})}}}}
	// The interrupt comes once the response has fully streamed (its
	// message_stop seen), so it is an interrupt of the tools, not of the
	// stream, however the goroutines are scheduled.
	stopped := make(chan struct{})
	var once sync.Once
	f := newFixture(t, sc, func(c *Config) {
		c.PartialMessages = true
		sink := c.Sink
		c.Sink = func(ev event.Event) {
			if _, ok := ev.(event.MessageStop); ok {
				once.Do(func() { close(stopped) })
			}
			sink(ev)
		}
	})
	f.log.onStart = func(string) {
		select {
		case <-stopped:
		case <-time.After(30 * time.Second):
			t.Error("message_stop never published")
		}
		f.eng.Interrupt()
	}
	res := f.submit(t, t.Context(), "wait")
	if res.TerminalReason != "aborted_tools" || res.StopReason != "tool_use" || res.NumTurns != 3 {
		t.Fatalf("result %+v", res)
	}
	n := len(f.events)
	tr, ok1 := f.events[n-3].(event.ToolResult)
	mark, ok2 := f.events[n-2].(event.UserText)
	if !ok1 || !ok2 || tr.ToolUseID != "w" || mark.Text != event.InterruptedToolText {
		t.Fatalf("last events %#v", f.events[n-3:])
	}
	last := f.eng.Messages()[len(f.eng.Messages())-1]
	if b := last.Content[len(last.Content)-1]; b.Text != event.InterruptedToolText {
		t.Fatalf("conversation does not end with the marker: %+v", last)
	}
}

// TestPartialMessagesOrder: with partial messages, a status event opens
// each request, pings are not forwarded, and each block's assistant event
// comes before its content_block_stop. (Tool results are left out: a call
// starts when its block closes, so its result may come before the
// message ends.)
func TestPartialMessagesOrder(t *testing.T) {
	sc := providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("Looking."), sleep("a", 1)}},
		textTurn("ok"),
	}}
	f := newFixture(t, sc, func(c *Config) { c.PartialMessages = true })
	f.submit(t, t.Context(), "go")
	var kinds []string
	for _, ev := range f.events {
		switch ev := ev.(type) {
		case event.Status:
			kinds = append(kinds, "status:"+ev.Status)
		case event.MessageStart:
			kinds = append(kinds, "message_start")
		case event.BlockStart:
			kinds = append(kinds, "content_block_start")
		case event.Delta:
			kinds = append(kinds, "content_block_delta")
		case event.BlockStop:
			kinds = append(kinds, "content_block_stop")
		case event.MessageDelta:
			kinds = append(kinds, "message_delta")
		case event.MessageStop:
			kinds = append(kinds, "message_stop")
		case event.Assistant:
			kinds = append(kinds, "assistant")
		}
	}
	got := strings.Join(kinds, " ")
	want := "status:requesting message_start content_block_start content_block_delta assistant content_block_stop " +
		"content_block_start content_block_delta content_block_delta assistant content_block_stop message_delta message_stop " +
		"status:requesting message_start content_block_start content_block_delta assistant content_block_stop " +
		"message_delta message_stop"
	if got != want {
		t.Fatalf("events\n got %s\nwant %s", got, want)
	}
}

// TestPermissionDeniedEvent: a refused call is announced just before its
// result, with the refusal's text.
func TestPermissionDeniedEvent(t *testing.T) {
	sc := providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.ToolUse("x", "Exclusive", map[string]int{"ms": 1})}},
		textTurn("ok"),
	}}
	f := newFixture(t, sc, func(c *Config) { c.Permission = permission.Gate{Deny: []string{"Exclusive"}} })
	f.submit(t, t.Context(), "go")
	for i, ev := range f.events {
		d, ok := ev.(event.PermissionDenied)
		if !ok {
			continue
		}
		tr, ok := f.events[i+1].(event.ToolResult)
		text := provider.Message{Content: tr.Block.Content}.Text()
		if !ok || d.ToolName != "Exclusive" || d.ToolUseID != "x" || tr.ToolUseID != "x" || d.Message != text || text == "" {
			t.Fatalf("denial %+v, then %#v", d, f.events[i+1])
		}
		return
	}
	t.Fatal("no permission_denied event")
}

// TestShownInputGetsSchemaDefaults: the assistant event shows a call's
// input with the schema's defaults filled in (Edit's replace_all:false in
// Claude Code), while the call and the conversation keep the model's input.
func TestShownInputGetsSchemaDefaults(t *testing.T) {
	schema := `{"type":"object","properties":{"q":{"type":"string"},"all":{"type":"boolean","default":false},
		"n":{"type":"integer","default":3},"x":{"type":"string"}},"additionalProperties":false}`
	var got json.RawMessage
	sc := providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.ToolUse("d", "Def", json.RawMessage(`{"q":"hi","n":5}`))}},
		textTurn("ok"),
	}}
	f := newFixture(t, sc, func(c *Config) {
		reg, err := tool.NewRegistry(&tool.Func{ToolName: "Def", Schema: json.RawMessage(schema),
			Run: func(_ context.Context, c tool.Call) (*tool.Result, error) { got = c.Input; return tool.Text("ok"), nil }})
		if err != nil {
			t.Fatal(err)
		}
		c.Tools = reg
	})
	f.submit(t, t.Context(), "go")
	shown := eventsOf[event.Assistant](f)[0].Block.Input
	if string(shown) != `{"q":"hi","n":5,"all":false}` {
		t.Fatalf("shown input %s", shown)
	}
	if string(got) != `{"q":"hi","n":5}` {
		t.Fatalf("the call got %s", got)
	}
	if sent := f.srv.Requests()[1].Messages[1].Content[0].Input; string(sent) != `{"q":"hi","n":5}` {
		t.Fatalf("the conversation sent %s", sent)
	}
}

func TestFillDefaults(t *testing.T) {
	schema := json.RawMessage(`{"properties":{"b":{"default":false},"a":{"default":"z"},"c":{}}}`)
	for in, want := range map[string]string{
		`{}`:                 `{"a":"z","b":false}`,
		` { "c": 1 } `:       `{ "c": 1 ,"a":"z","b":false}`,
		`{"a":"y","b":true}`: `{"a":"y","b":true}`,
		`[1]`:                `[1]`,
		`null`:               `null`,
	} {
		out, _ := fillDefaults(json.RawMessage(in), schema)
		if string(out) != want {
			t.Errorf("fillDefaults(%s) = %s, want %s", in, out, want)
		}
		if !json.Valid(out) {
			t.Errorf("fillDefaults(%s) is not JSON: %s", in, out)
		}
	}
}

// TestCompactingStatus: with partial messages, a compaction is announced
// by a "compacting" status before its boundary; without them no status
// event is published.
func TestCompactingStatus(t *testing.T) {
	for _, partial := range []bool{true, false} {
		f := newFixture(t, providertest.Scenario{Turns: []providertest.Turn{
			{Blocks: []providertest.Block{providertest.Text("answer")}},
			{Blocks: []providertest.Block{providertest.Text("SUMMARY")}},
		}}, func(c *Config) { c.PartialMessages = partial })
		f.submit(t, t.Context(), "question")
		f.mu.Lock()
		f.events = nil
		f.mu.Unlock()
		if res := f.eng.Compact(t.Context(), ""); res.IsError {
			t.Fatalf("compact: %+v", res)
		}
		var order []string
		for _, ev := range f.events {
			switch ev := ev.(type) {
			case event.Status:
				order = append(order, ev.Status)
			case event.Compacted:
				order = append(order, "boundary")
			}
		}
		want := "boundary"
		if partial {
			want = "compacting boundary"
		}
		if got := strings.Join(order, " "); got != want {
			t.Errorf("partial=%v: events %q, want %q", partial, got, want)
		}
	}
}
