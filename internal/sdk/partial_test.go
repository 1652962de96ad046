package sdk

import (
	"encoding/json"
	"strings"
	"testing"

	"corvid/internal/event"
	"corvid/internal/provider"
)

// TestStreamEventsReencoded: stream_event payloads are built from the
// typed events alone (no provider wire data), in the Messages API's
// shape: thinking with its signature, a redacted block, a tool_use's
// opening state, null stop fields, usage with the cache split only when
// there is one. (The conformance test checks text and tool_use payloads
// against Claude Code's recorded frames.)
func TestStreamEventsReencoded(t *testing.T) {
	u := provider.Usage{InputTokens: 7, OutputTokens: 3, CacheCreationInputTokens: 4, CacheCreation1h: 4}
	evs := []event.Event{
		event.MessageStart{MessageID: "msg_1", Model: "m", Usage: provider.Usage{InputTokens: 7}},
		event.BlockStart{Index: 0, Type: provider.BlockThinking},
		event.Delta{Index: 0, Kind: event.KindThinking, Text: "hm"},
		event.Delta{Index: 0, Kind: event.KindSignature, Text: "sig"},
		event.BlockStop{Index: 0, Type: provider.BlockThinking},
		event.BlockStart{Index: 1, Type: provider.BlockRedactedThinking, Data: "xx"},
		event.BlockStart{Index: 2, Type: provider.BlockToolUse, ToolUseID: "toolu_1", ToolName: "Bash"},
		event.Delta{Index: 2, Kind: event.KindToolInput, Text: ""},
		event.Delta{Index: 9, Kind: "citation", Text: "dropped"},
		event.MessageDelta{StopReason: provider.StopToolUse, Usage: u},
		event.MessageStop{},
	}
	want := []string{
		`{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":7,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":0}}}`,
		`{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"","signature":""}}`,
		`{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"hm"}}`,
		`{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"sig"}}`,
		`{"type":"content_block_stop","index":0}`,
		`{"type":"content_block_start","index":1,"content_block":{"type":"redacted_thinking","data":"xx"}}`,
		`{"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_1","name":"Bash","input":{}}}`,
		`{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":""}}`,
		`{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"input_tokens":7,"cache_creation_input_tokens":4,"cache_read_input_tokens":0,"cache_creation":{"ephemeral_5m_input_tokens":0,"ephemeral_1h_input_tokens":4},"output_tokens":3}}`,
		`{"type":"message_stop"}`,
	}
	ls := lines(t, render(t, testOpts(FormatStreamJSON), append([]event.Event{evInit}, evs...)...))[1:]
	if len(ls) != len(want) {
		t.Fatalf("%d frames, want %d:\n%s", len(ls), len(want), strings.Join(ls, "\n"))
	}
	for i, l := range ls {
		var f struct {
			Type   string          `json:"type"`
			Event  json.RawMessage `json:"event"`
			Parent *string         `json:"parent_tool_use_id"`
		}
		if err := json.Unmarshal([]byte(l), &f); err != nil {
			t.Fatal(err)
		}
		if f.Type != TypeStreamEvent || string(f.Event) != want[i] || f.Parent != nil {
			t.Errorf("frame %d:\n got %s\nwant event %s", i, l, want[i])
		}
	}
}

// TestNestedResultIsNotTheRuns: a sub-agent's result (an event with a
// parent tool-use id) neither ends the json output nor prints as the text
// output; the run's own result does.
func TestNestedResultIsNotTheRuns(t *testing.T) {
	nested := event.WithOrigin(event.Result{Subtype: event.SubtypeSuccess, Text: "child"},
		event.Origin{ParentToolUseID: "toolu_agent"})
	for _, f := range []Format{FormatText, FormatJSON} {
		out := render(t, testOpts(f), evInit, nested, evResult)
		if strings.Contains(out, "child") || !strings.Contains(out, "Done.") {
			t.Errorf("%s output %q: want the run's result only", f, out)
		}
	}
}
