package engine

import (
	"strings"
	"testing"

	"corvid/internal/event"
	"corvid/internal/provider"
	"corvid/internal/provider/providertest"
)

// TestTypedStreamEvents: the typed streaming events describe the response
// the assembler built: each block opens with its type (and a tool_use's
// id and name), its deltas concatenate to the block's text or input, it
// closes with its type, and each message reports its stop reason and its
// final usage (they add up to the turn's).
func TestTypedStreamEvents(t *testing.T) {
	sc := providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("Looking at it now."), sleep("a", 1)}},
		textTurn("ok"),
	}}
	f := newFixture(t, sc, func(c *Config) { c.PartialMessages = true })
	res := f.submit(t, t.Context(), "go")
	starts := map[int]event.BlockStart{}
	text := map[int]*strings.Builder{}
	var stops []event.MessageDelta
	var asst []event.Assistant
	for _, ev := range f.events {
		switch ev := ev.(type) {
		case event.BlockStart:
			starts[ev.Index], text[ev.Index] = ev, &strings.Builder{}
		case event.Delta:
			text[ev.Index].WriteString(ev.Text)
		case event.BlockStop:
			if starts[ev.Index].Type != ev.Type {
				t.Errorf("block %d stops as %s, opened as %s", ev.Index, ev.Type, starts[ev.Index].Type)
			}
		case event.Assistant:
			asst = append(asst, ev)
			if len(asst) > 2 {
				continue
			}
			i := len(asst) - 1
			b := ev.Block
			switch b.Type {
			case provider.BlockText:
				if got := text[i].String(); got != b.Text {
					t.Errorf("text deltas %q, block %q", got, b.Text)
				}
			case provider.BlockToolUse:
				if s := starts[i]; s.ToolUseID != b.ID || s.ToolName != b.Name {
					t.Errorf("tool_use start %+v, block %s %s", s, b.ID, b.Name)
				}
				if got := text[i].String(); got != string(b.Input) {
					t.Errorf("tool input deltas %q", got)
				}
			}
		case event.MessageDelta:
			stops = append(stops, ev)
		case event.MessageStop:
			if ev.Usage != stops[len(stops)-1].Usage {
				t.Errorf("message_stop usage %+v, message_delta's %+v", ev.Usage, stops[len(stops)-1].Usage)
			}
		}
	}
	if len(asst) != 3 || len(stops) != 2 {
		t.Fatalf("%d assistant events and %d message deltas, want 3 and 2", len(asst), len(stops))
	}
	if stops[0].StopReason != provider.StopToolUse || stops[1].StopReason != provider.StopEndTurn {
		t.Errorf("stop reasons %q %q", stops[0].StopReason, stops[1].StopReason)
	}
	if sum := stops[0].Usage.Add(stops[1].Usage); sum != res.Usage {
		t.Errorf("message usages add up to %+v, the result's is %+v", sum, res.Usage)
	}
}

// TestToolLifecycleEvents: each call is started, running and finished
// exactly once, in that order, and finished comes before its result.
func TestToolLifecycleEvents(t *testing.T) {
	sc := providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{sleep("a", 1), sleep("b", 1)}},
		textTurn("ok"),
	}}
	f := newFixture(t, sc, nil)
	f.submit(t, t.Context(), "go")
	seq := map[string][]string{}
	for _, ev := range f.events {
		switch ev := ev.(type) {
		case event.ToolStarted:
			seq[ev.ToolUseID] = append(seq[ev.ToolUseID], "started:"+ev.ToolName)
		case event.ToolRunning:
			seq[ev.ToolUseID] = append(seq[ev.ToolUseID], "running:"+ev.ToolName)
		case event.ToolFinished:
			seq[ev.ToolUseID] = append(seq[ev.ToolUseID], "finished:"+ev.ToolName)
		case event.ToolResult:
			seq[ev.ToolUseID] = append(seq[ev.ToolUseID], "result")
		}
	}
	if len(seq) != 2 {
		t.Fatalf("calls %v, want 2", seq)
	}
	for id, s := range seq {
		name := strings.TrimPrefix(s[0], "started:")
		want := "started:" + name + " running:" + name + " finished:" + name + " result"
		if got := strings.Join(s, " "); got != want || name == "" {
			t.Errorf("call %s: %s, want %s", id, got, want)
		}
	}
}
