package compact

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"strings"
	"testing"

	"corvid/internal/provider"
)

func user(blocks ...provider.Block) provider.Message {
	return provider.Message{Role: provider.RoleUser, Content: blocks}
}

func assistant(blocks ...provider.Block) provider.Message {
	return provider.Message{Role: provider.RoleAssistant, Content: blocks}
}

func text(s string) provider.Block { return provider.TextBlock(s) }

func call(id, name, input string) provider.Block {
	return provider.Block{Type: provider.BlockToolUse, ID: id, Name: name, Input: json.RawMessage(input)}
}

func result(id, out string) provider.Block { return provider.ToolResultBlock(id, out, false) }

func image() provider.Block {
	return provider.Block{Type: provider.BlockImage,
		Source: &provider.Source{Type: "base64", MediaType: "image/png", Data: "iVBORw0KGgo="}}
}

// snapshot is a deep copy of msgs for later comparison.
func snapshot(t testing.TB, msgs []provider.Message) string {
	t.Helper()
	data, err := json.Marshal(msgs)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// toolTurn is an assistant call of tool followed by the user message with
// its result.
func toolTurn(id, tool, out string) []provider.Message {
	return []provider.Message{
		assistant(text("checking"), call(id, tool, `{"x":1}`)),
		user(result(id, out)),
	}
}

// outcome scripts one Stream call: raw events if set, else an answer
// text, or an error.
type outcome struct {
	answer string
	events []provider.Event
	err    error
}

// fakeProvider answers Stream calls from a script and records the
// requests it got.
type fakeProvider struct {
	script []outcome
	reqs   []*provider.Request
	onCall func(n int) // called at the start of each Stream call
}

func (f *fakeProvider) Stream(ctx context.Context, req *provider.Request) iter.Seq2[provider.Event, error] {
	n := len(f.reqs)
	f.reqs = append(f.reqs, req)
	if f.onCall != nil {
		f.onCall(n)
	}
	return func(yield func(provider.Event, error) bool) {
		if n >= len(f.script) {
			yield(provider.Event{}, &provider.APIError{StatusCode: 400,
				Type: provider.ErrTypeInvalidRequest, Message: fmt.Sprintf("unscripted call %d", n+1)})
			return
		}
		o := f.script[n]
		if o.err != nil {
			yield(provider.Event{}, o.err)
			return
		}
		events := o.events
		if events == nil {
			events = answerEvents(o.answer)
		}
		for _, ev := range events {
			if !yield(ev, nil) {
				return
			}
		}
	}
}

// answerEvents is the event stream of a one-text-block answer, the text
// split in two deltas.
func answerEvents(answer string) []provider.Event {
	half := len(answer) / 2
	blk := provider.TextBlock("")
	return []provider.Event{
		{Type: provider.EventMessageStart, MessageID: "msg_1", Model: "m",
			Usage: provider.Usage{InputTokens: 1000, CacheReadInputTokens: 10}},
		{Type: provider.EventBlockStart, Index: 0, Block: &blk},
		{Type: provider.EventBlockDelta, Index: 0, Delta: provider.Delta{Type: provider.DeltaText, Text: answer[:half]}},
		{Type: provider.EventBlockDelta, Index: 0, Delta: provider.Delta{Type: provider.DeltaText, Text: answer[half:]}},
		{Type: provider.EventBlockStop, Index: 0},
		{Type: provider.EventMessageDelta, StopReason: provider.StopEndTurn, Usage: provider.Usage{OutputTokens: 200}},
		{Type: provider.EventMessageStop},
	}
}

func tooLongErr() error {
	return &provider.APIError{StatusCode: 400, Type: provider.ErrTypeInvalidRequest,
		Message: "prompt is too long: 210000 tokens > 200000 maximum", TooLong: true, PromptTokens: 210000}
}

// allText joins every text block of msgs.
func allText(msgs []provider.Message) string {
	var sb strings.Builder
	for _, m := range msgs {
		for _, b := range m.Content {
			sb.WriteString(b.Text)
			sb.WriteString("\n")
		}
	}
	return sb.String()
}
