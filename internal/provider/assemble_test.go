package provider

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// Event constructors for readable streams.

func evStart(id, model string, u Usage) Event {
	return Event{Type: EventMessageStart, MessageID: id, Model: model, Usage: u}
}

func evBlockStart(i int, b Block) Event { return Event{Type: EventBlockStart, Index: i, Block: &b} }

func evDelta(i int, typ, text string) Event {
	return Event{Type: EventBlockDelta, Index: i, Delta: Delta{Type: typ, Text: text}}
}

func evBlockStop(i int) Event { return Event{Type: EventBlockStop, Index: i} }

func evMsgDelta(stop string, u Usage) Event {
	return Event{Type: EventMessageDelta, StopReason: stop, Usage: u}
}

func evMsgStop() Event { return Event{Type: EventMessageStop} }

func toolStart(id, name string) Block {
	return Block{Type: BlockToolUse, ID: id, Name: name, Input: json.RawMessage(`{}`)}
}

func TestAssemblerFullStream(t *testing.T) {
	thinking := Block{Type: BlockThinking, Thinking: "Let me think.", Signature: "c2ln"}
	redacted := Block{Type: BlockRedactedThinking, Data: "opaque"}
	text := TextBlock("Hello, world")
	use := Block{Type: BlockToolUse, ID: "toolu_1", Name: "Read", Input: json.RawMessage(`{"path": "a.go", "n": 2}`)}

	steps := []struct {
		ev   Event
		want *Block // the finished block, for content_block_stop
	}{
		{ev: evStart("msg_1", "claude-x", Usage{InputTokens: 10, OutputTokens: 1, CacheCreationInputTokens: 3, CacheReadInputTokens: 5})},
		{ev: Event{Type: EventPing}},
		{ev: evBlockStart(0, Block{Type: BlockThinking})},
		{ev: evDelta(0, DeltaThinking, "Let me ")},
		{ev: evDelta(0, DeltaThinking, "think.")},
		{ev: evDelta(0, DeltaSignature, "c2")},
		{ev: evDelta(0, DeltaSignature, "ln")},
		{ev: evBlockStop(0), want: &thinking},
		{ev: evBlockStart(1, redacted)},
		{ev: evBlockStop(1), want: &redacted},
		{ev: evBlockStart(2, TextBlock(""))},
		{ev: evDelta(2, DeltaText, "Hello")},
		{ev: evDelta(2, DeltaText, ", world")},
		{ev: evBlockStop(2), want: &text},
		{ev: evBlockStart(3, toolStart("toolu_1", "Read"))},
		{ev: evDelta(3, DeltaInputJSON, "")},
		{ev: evDelta(3, DeltaInputJSON, `{"path": "a`)},
		{ev: evDelta(3, DeltaInputJSON, `.go", "n`)},
		{ev: evDelta(3, DeltaInputJSON, `": 2}`)},
		{ev: evBlockStop(3), want: &use},
		{ev: evMsgDelta(StopToolUse, Usage{OutputTokens: 42})},
		{ev: evMsgStop()},
	}
	a := NewAssembler()
	for i, s := range steps {
		got, done, err := a.Add(s.ev)
		if err != nil {
			t.Fatalf("step %d (%s): Add error: %v", i, s.ev.Type, err)
		}
		if done != (s.want != nil) {
			t.Fatalf("step %d (%s): done = %v, want %v", i, s.ev.Type, done, s.want != nil)
		}
		if s.want != nil && !reflect.DeepEqual(got, *s.want) {
			t.Errorf("step %d: block\n got: %#v\nwant: %#v", i, got, *s.want)
		}
		if s.want == nil && !reflect.DeepEqual(got, Block{}) {
			t.Errorf("step %d (%s): returned block %#v, want zero", i, s.ev.Type, got)
		}
		if a.Done() != (s.ev.Type == EventMessageStop) {
			t.Errorf("step %d (%s): Done() = %v", i, s.ev.Type, a.Done())
		}
	}

	want := Message{Role: RoleAssistant, Content: []Block{thinking, redacted, text, use}}
	if got := a.Message(); !reflect.DeepEqual(got, want) {
		t.Errorf("Message()\n got: %#v\nwant: %#v", got, want)
	}
	if a.ID() != "msg_1" || a.Model() != "claude-x" || a.StopReason() != StopToolUse {
		t.Errorf("ID %q Model %q StopReason %q", a.ID(), a.Model(), a.StopReason())
	}
	wantUsage := Usage{InputTokens: 10, OutputTokens: 42, CacheCreationInputTokens: 3, CacheReadInputTokens: 5}
	if a.Usage() != wantUsage {
		t.Errorf("Usage() = %+v, want %+v", a.Usage(), wantUsage)
	}
	// The assembled message is valid Messages-API JSON.
	if _, err := json.Marshal(a.Message()); err != nil {
		t.Errorf("Marshal(Message()): %v", err)
	}
}

func TestAssemblerEmptyState(t *testing.T) {
	a := NewAssembler()
	if a.Done() || a.ID() != "" || a.Model() != "" || a.StopReason() != "" || a.Usage() != (Usage{}) {
		t.Errorf("fresh assembler is not empty")
	}
	out, err := json.Marshal(a.Message())
	if err != nil {
		t.Fatal(err)
	}
	assertJSON(t, out, `{"role":"assistant","content":[]}`)
}

func TestAssemblerToolInput(t *testing.T) {
	tests := []struct {
		name    string
		start   Block
		deltas  []string
		want    string // the block's Input
		wantErr bool   // an *InvalidInputError
		raw     string // its Raw
	}{
		{"no deltas", toolStart("t", "Now"), nil, `{}`, false, ""},
		{"no deltas, nil start input", Block{Type: BlockToolUse, ID: "t", Name: "Now"}, nil, `{}`, false, ""},
		{"no deltas, null start input", Block{Type: BlockToolUse, ID: "t", Name: "Now", Input: json.RawMessage(`null`)}, nil, `{}`, false, ""},
		{"empty deltas only", toolStart("t", "Now"), []string{"", ""}, `{}`, false, ""},
		{"whitespace only", toolStart("t", "Now"), []string{" ", "\n"}, `{}`, false, ""},
		{"one chunk", toolStart("t", "Read"), []string{`{"a":1}`}, `{"a":1}`, false, ""},
		{"split, empty first chunk", toolStart("t", "Read"), []string{"", `{"a"`, `:`, `[1,`, `2]}`}, `{"a":[1,2]}`, false, ""},
		{"surrounding space trimmed", toolStart("t", "Read"), []string{"  {\"a\":1}", " \n"}, `{"a":1}`, false, ""},
		{"empty object", toolStart("t", "Read"), []string{`{}`}, `{}`, false, ""},
		{"truncated", toolStart("t", "Read"), []string{`{"path":`, ` "a.g`}, `{}`, true, `{"path": "a.g`},
		{"null", toolStart("t", "Read"), []string{`null`}, `{}`, true, `null`},
		{"array", toolStart("t", "Read"), []string{`[1,2]`}, `{}`, true, `[1,2]`},
		{"string", toolStart("t", "Read"), []string{`"x"`}, `{}`, true, `"x"`},
		{"number", toolStart("t", "Read"), []string{`42`}, `{}`, true, `42`},
		{"two objects", toolStart("t", "Read"), []string{`{"a":1}`, `{"b":2}`}, `{}`, true, `{"a":1}{"b":2}`},
		{"garbage", toolStart("t", "Read"), []string{`not json`}, `{}`, true, `not json`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := NewAssembler()
			mustAdd(t, a, evBlockStart(0, tc.start))
			for _, d := range tc.deltas {
				mustAdd(t, a, evDelta(0, DeltaInputJSON, d))
			}
			b, done, err := a.Add(evBlockStop(0))
			if !done {
				t.Fatal("content_block_stop: done = false")
			}
			if string(b.Input) != tc.want {
				t.Errorf("Input = %s, want %s", b.Input, tc.want)
			}
			if b.Type != BlockToolUse || b.ID != tc.start.ID || b.Name != tc.start.Name {
				t.Errorf("block = %#v, want the tool_use %q %q", b, tc.start.ID, tc.start.Name)
			}
			var bad *InvalidInputError
			switch {
			case !tc.wantErr && err != nil:
				t.Errorf("unexpected error: %v", err)
			case tc.wantErr && !errors.As(err, &bad):
				t.Errorf("error = %v (%T), want *InvalidInputError", err, err)
			case tc.wantErr:
				if bad.ToolUseID != tc.start.ID || bad.Raw != tc.raw || bad.Err == nil || bad.Unwrap() != bad.Err {
					t.Errorf("InvalidInputError = %+v, want ToolUseID %q Raw %q and a cause", bad, tc.start.ID, tc.raw)
				}
				if !strings.Contains(err.Error(), tc.start.ID) {
					t.Errorf("Error() = %q, want it to name the tool_use id", err)
				}
			}
			// The block is kept either way, with a valid input object.
			msg := a.Message()
			if len(msg.Content) != 1 || !reflect.DeepEqual(msg.Content[0], b) {
				t.Errorf("Message().Content = %#v, want the returned block", msg.Content)
			}
			if out, err := json.Marshal(msg); err != nil {
				t.Errorf("Marshal(Message()): %v", err)
			} else if !json.Valid(out) {
				t.Errorf("invalid JSON %s", out)
			}
		})
	}
}

func mustAdd(t *testing.T, a *Assembler, ev Event) {
	t.Helper()
	if _, _, err := a.Add(ev); err != nil {
		t.Fatalf("Add(%s index %d): %v", ev.Type, ev.Index, err)
	}
}

func TestAssemblerUnopenedBlock(t *testing.T) {
	tests := []struct {
		name   string
		events []Event
		bad    Event
	}{
		{"delta, nothing open", nil, evDelta(0, DeltaText, "x")},
		{"stop, nothing open", nil, evBlockStop(0)},
		{"delta, other index open", []Event{evBlockStart(0, TextBlock(""))}, evDelta(1, DeltaText, "x")},
		{"stop, other index open", []Event{evBlockStart(0, TextBlock(""))}, evBlockStop(1)},
		{"delta after stop", []Event{evBlockStart(0, TextBlock("")), evBlockStop(0)}, evDelta(0, DeltaText, "x")},
		{"second stop", []Event{evBlockStart(0, TextBlock("")), evBlockStop(0)}, evBlockStop(0)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := NewAssembler()
			for _, ev := range tc.events {
				mustAdd(t, a, ev)
			}
			before := len(a.Message().Content)
			b, done, err := a.Add(tc.bad)
			if err == nil {
				t.Fatal("Add succeeded, want an error")
			}
			var bad *InvalidInputError
			if errors.As(err, &bad) {
				t.Errorf("error is an InvalidInputError: %v", err)
			}
			if done || !reflect.DeepEqual(b, Block{}) {
				t.Errorf("Add = (%#v, %v), want a zero block and done=false", b, done)
			}
			if got := len(a.Message().Content); got != before {
				t.Errorf("Message grew from %d to %d blocks", before, got)
			}
		})
	}
}

func TestAssemblerBlockCap(t *testing.T) {
	if NewAssembler().maxBytes != maxBlockBytes {
		t.Fatalf("default cap = %d, want maxBlockBytes (%d)", NewAssembler().maxBytes, maxBlockBytes)
	}
	const limit = 8
	tests := []struct {
		name    string
		start   Block
		deltas  []Delta
		wantErr bool // on the last delta
	}{
		{"text at the cap", TextBlock(""), []Delta{{DeltaText, "1234"}, {DeltaText, "5678"}}, false},
		{"text over the cap", TextBlock(""), []Delta{{DeltaText, "1234"}, {DeltaText, "56789"}}, true},
		{"one delta over the cap", TextBlock(""), []Delta{{DeltaText, "123456789"}}, true},
		{"start text counts", TextBlock("12345"), []Delta{{DeltaText, "6789"}}, true},
		{"thinking over the cap", Block{Type: BlockThinking}, []Delta{{DeltaThinking, "12345"}, {DeltaThinking, "6789"}}, true},
		{"signature has its own budget", Block{Type: BlockThinking},
			[]Delta{{DeltaThinking, "12345678"}, {DeltaSignature, "12345678"}}, false},
		{"signature over the cap", Block{Type: BlockThinking},
			[]Delta{{DeltaSignature, "1234"}, {DeltaSignature, "56789"}}, true},
		{"tool input over the cap", toolStart("t", "n"),
			[]Delta{{DeltaInputJSON, `{"a":`}, {DeltaInputJSON, `"xyz"}`}}, true},
		{"tool input at the cap", toolStart("t", "n"),
			[]Delta{{DeltaInputJSON, `{"a":`}, {DeltaInputJSON, `12}`}}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := NewAssembler()
			a.maxBytes = limit
			mustAdd(t, a, evBlockStart(0, tc.start))
			last := len(tc.deltas) - 1
			for _, d := range tc.deltas[:last] {
				mustAdd(t, a, evDelta(0, d.Type, d.Text))
			}
			_, done, err := a.Add(evDelta(0, tc.deltas[last].Type, tc.deltas[last].Text))
			if done {
				t.Error("a delta reported done")
			}
			if tc.wantErr != (err != nil) {
				t.Fatalf("last delta: err = %v, want error %v", err, tc.wantErr)
			}
			if err != nil && !strings.Contains(err.Error(), "exceeds 8 bytes") {
				t.Errorf("error = %q, want it to state the cap", err)
			}
		})
	}
}

func TestAssemblerStopReasonAndUsage(t *testing.T) {
	tests := []struct {
		name      string
		events    []Event
		wantStop  string
		wantUsage Usage
	}{
		{"start only", []Event{evStart("m", "x", Usage{InputTokens: 7, OutputTokens: 1})},
			"", Usage{InputTokens: 7, OutputTokens: 1}},
		{"delta overrides output, keeps input side", []Event{
			evStart("m", "x", Usage{InputTokens: 7, OutputTokens: 1, CacheReadInputTokens: 3}),
			evMsgDelta(StopEndTurn, Usage{OutputTokens: 20}),
		}, StopEndTurn, Usage{InputTokens: 7, OutputTokens: 20, CacheReadInputTokens: 3}},
		{"cumulative deltas, later wins; empty stop reason keeps the earlier", []Event{
			evStart("m", "x", Usage{InputTokens: 7, OutputTokens: 1}),
			evMsgDelta(StopMaxTokens, Usage{OutputTokens: 20}),
			evMsgDelta("", Usage{OutputTokens: 30, InputTokens: 8, CacheCreationInputTokens: 2}),
		}, StopMaxTokens, Usage{InputTokens: 8, OutputTokens: 30, CacheCreationInputTokens: 2}},
		{"no message_start", []Event{evMsgDelta(StopPause, Usage{OutputTokens: 5})},
			StopPause, Usage{OutputTokens: 5}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := NewAssembler()
			for _, ev := range tc.events {
				mustAdd(t, a, ev)
			}
			if a.StopReason() != tc.wantStop {
				t.Errorf("StopReason() = %q, want %q", a.StopReason(), tc.wantStop)
			}
			if a.Usage() != tc.wantUsage {
				t.Errorf("Usage() = %+v, want %+v", a.Usage(), tc.wantUsage)
			}
		})
	}
}

func TestAssemblerIgnoresUnknownEvents(t *testing.T) {
	a := NewAssembler()
	for _, ev := range []Event{{Type: EventPing}, {Type: EventRetry, Retry: &RetryInfo{Attempt: 1}}, {Type: "future_event"}} {
		b, done, err := a.Add(ev)
		if err != nil || done || !reflect.DeepEqual(b, Block{}) {
			t.Errorf("Add(%s) = (%#v, %v, %v), want nothing", ev.Type, b, done, err)
		}
	}
	if len(a.Message().Content) != 0 || a.Done() {
		t.Errorf("state changed: %#v done=%v", a.Message(), a.Done())
	}
}
