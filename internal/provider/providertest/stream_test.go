package providertest

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"corvid/internal/provider"
)

// wantNames is the event sequence the real API sends for blocks whose
// delta counts are given.
func wantNames(deltas ...int) []string {
	out := []string{"message_start", "ping"}
	for _, n := range deltas {
		out = append(out, "content_block_start")
		for range n {
			out = append(out, "content_block_delta")
		}
		out = append(out, "content_block_stop")
	}
	return append(out, "message_delta", "message_stop")
}

func TestStreamShape(t *testing.T) {
	tests := []struct {
		name   string
		turn   Turn
		deltas []int // deltas per block
		want   []provider.Block
		stop   string
	}{
		{"text", Turn{Blocks: []Block{Text("Hello, world!")}}, []int{2},
			[]provider.Block{provider.TextBlock("Hello, world!")}, "end_turn"},
		{"empty text", Turn{Blocks: []Block{Text("")}}, []int{0},
			[]provider.Block{provider.TextBlock("")}, "end_turn"},
		{"thinking then text", Turn{Blocks: []Block{{Type: "thinking", Thinking: "ponder", Signature: "sig"}, Text("ok")}},
			[]int{2, 1},
			[]provider.Block{{Type: provider.BlockThinking, Thinking: "ponder", Signature: "sig"}, provider.TextBlock("ok")}, "end_turn"},
		{"redacted thinking", Turn{Blocks: []Block{{Type: "redacted_thinking", Data: "opaque"}}}, []int{0},
			[]provider.Block{{Type: provider.BlockRedactedThinking, Data: "opaque"}}, "end_turn"},
		{"tool use", Turn{Blocks: []Block{Text("Let me look."), ToolUse("toolu_1", "Read", map[string]string{"file_path": "/tmp/x"})}},
			[]int{1, 3},
			[]provider.Block{provider.TextBlock("Let me look."),
				{Type: provider.BlockToolUse, ID: "toolu_1", Name: "Read", Input: json.RawMessage(`{"file_path":"/tmp/x"}`)}}, "tool_use"},
		{"no-argument tool", Turn{Blocks: []Block{{Type: "tool_use", ID: "toolu_2", Name: "Now"}}}, []int{2},
			[]provider.Block{{Type: provider.BlockToolUse, ID: "toolu_2", Name: "Now", Input: json.RawMessage(`{}`)}}, "tool_use"},
		{"scripted stop reason", Turn{Blocks: []Block{Text("cut")}, StopReason: "max_tokens"}, []int{1},
			[]provider.Block{provider.TextBlock("cut")}, "max_tokens"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := Start(t, Scenario{Turns: []Turn{tc.turn}})
			recs, err := stream(t, s, hello)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := names(recs), wantNames(tc.deltas...); !reflect.DeepEqual(got, want) {
				t.Fatalf("events\n got %v\nwant %v", got, want)
			}
			a := assemble(t, recs)
			if got := a.Message().Content; !reflect.DeepEqual(got, tc.want) {
				t.Errorf("blocks\n got %+v\nwant %+v", got, tc.want)
			}
			if !a.Done() || a.StopReason() != tc.stop {
				t.Errorf("done=%v stop=%q, want done and %q", a.Done(), a.StopReason(), tc.stop)
			}
		})
	}
}

func TestMessageStart(t *testing.T) {
	s := Start(t, Scenario{Turns: []Turn{
		{Blocks: []Block{Text("a")}},
		{Blocks: []Block{Text("b")}, Model: "claude-other", MessageID: "msg_fixed",
			Usage: provider.Usage{InputTokens: 50, OutputTokens: 7, CacheReadInputTokens: 40, CacheCreationInputTokens: 3}},
	}})
	want := []string{
		`{"type":"message_start","message":{"id":"msg_fake000000","type":"message","role":"assistant","model":"claude-test","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":1,"cache_creation_input_tokens":0,"cache_read_input_tokens":0}}}`,
		`{"type":"message_start","message":{"id":"msg_fixed","type":"message","role":"assistant","model":"claude-other","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":50,"output_tokens":1,"cache_creation_input_tokens":3,"cache_read_input_tokens":40}}}`,
	}
	wantDelta := `{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"input_tokens":50,"output_tokens":7,"cache_creation_input_tokens":3,"cache_read_input_tokens":40}}`
	for i, w := range want {
		recs, err := stream(t, s, hello)
		if err != nil {
			t.Fatal(err)
		}
		if recs[0].Data != w {
			t.Errorf("turn %d message_start\n got %s\nwant %s", i, recs[0].Data, w)
		}
		if recs[1].Data != `{"type":"ping"}` {
			t.Errorf("ping data %s", recs[1].Data)
		}
		if i == 1 && recs[len(recs)-2].Data != wantDelta {
			t.Errorf("message_delta\n got %s\nwant %s", recs[len(recs)-2].Data, wantDelta)
		}
	}
}

func TestBlockStartShapes(t *testing.T) {
	s := Start(t, Scenario{Turns: []Turn{{Blocks: []Block{
		Text("x"), Thinking("y"), {Type: "tool_use", ID: "toolu_9", Name: "Glob", Input: json.RawMessage(`{"pattern":"*"}`)},
	}}}})
	recs, err := stream(t, s, hello)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
		`{"type":"content_block_start","index":1,"content_block":{"type":"thinking","thinking":"","signature":""}}`,
		`{"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_9","name":"Glob","input":{}}}`,
	}
	var got []string
	for _, r := range recs {
		if r.Event == "content_block_start" {
			got = append(got, r.Data)
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("starts\n got %q\nwant %q", got, want)
	}
	if !strings.Contains(recs[len(recs)-3].Data, `"index":2`) || recs[len(recs)-3].Event != "content_block_stop" {
		t.Errorf("last block stop: %+v", recs[len(recs)-3])
	}
}

func TestToolInputChunking(t *testing.T) {
	input := `{"command": "echo hello world && ls -la /tmp", "timeout": 120000, "description": "list"}`
	tests := []struct {
		name      string
		chunkSize int
		maxChunk  int
	}{
		{"default size", 0, defaultChunkSize},
		{"tiny", 1, 1},
		{"large", 40, 40},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := Start(t, Scenario{Turns: []Turn{{ChunkSize: tc.chunkSize,
				Blocks: []Block{{Type: "tool_use", ID: "toolu_c", Name: "Bash", Input: json.RawMessage(input)}}}}})
			recs, err := stream(t, s, hello)
			if err != nil {
				t.Fatal(err)
			}
			var parts []string
			for _, r := range recs {
				var w wireEvent
				if r.Event == "content_block_delta" && json.Unmarshal([]byte(r.Data), &w) == nil {
					if w.Delta.Type != provider.DeltaInputJSON {
						t.Fatalf("delta type %q", w.Delta.Type)
					}
					parts = append(parts, w.Delta.PartialJSON)
				}
			}
			checkChunks(t, parts, tc.maxChunk)
			compact := `{"command":"echo hello world && ls -la /tmp","timeout":120000,"description":"list"}`
			if got := strings.Join(parts, ""); got != compact {
				t.Errorf("reassembled %s, want %s", got, compact)
			}
		})
	}
}

func checkChunks(t *testing.T, parts []string, maxChunk int) {
	t.Helper()
	nonEmpty := 0
	for _, p := range parts {
		if len(p) > maxChunk {
			t.Errorf("chunk %q longer than %d", p, maxChunk)
		}
		if p != "" {
			nonEmpty++
		}
	}
	if nonEmpty < 2 {
		t.Errorf("input sent in %d chunks, want at least 2", nonEmpty)
	}
}

func TestChunksKeepRunes(t *testing.T) {
	text := "héllo wörld — ✓ 日本語 🦀 done"
	for size := 1; size <= 8; size++ {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			parts := chunks(text, size)
			for _, p := range parts {
				if !utf8.ValidString(p) {
					t.Errorf("chunk %q splits a rune", p)
				}
				if len(p) > size && utf8.RuneCountInString(p) > 1 {
					t.Errorf("chunk %q exceeds %d bytes", p, size)
				}
			}
			if got := strings.Join(parts, ""); got != text {
				t.Errorf("reassembled %q", got)
			}
		})
	}
}

func TestNoHTMLEscaping(t *testing.T) {
	s := Start(t, Scenario{Turns: []Turn{{ChunkSize: 100, Blocks: []Block{
		Text("a < b && c > d"), ToolUse("toolu_h", "Bash", map[string]string{"command": "a && b > c"}),
	}}}})
	recs, err := stream(t, s, hello)
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, r := range recs {
		all.WriteString(r.Data)
	}
	for _, want := range []string{`"text":"a < b && c > d"`, `"partial_json":"{\"command\":\"a && b > c\"}"`} {
		if !strings.Contains(all.String(), want) {
			t.Errorf("stream lacks %s", want)
		}
	}
}
