package provider

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// assertJSON fails unless got and want are the same JSON value: same key
// sets, same values, whatever the key order or spacing.
func assertJSON(t *testing.T, got []byte, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, got)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("bad want JSON: %v\n%s", err, want)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("JSON mismatch\n got: %s\nwant: %s", got, want)
	}
}

var (
	ephemeral   = &CacheControl{Type: "ephemeral"}
	ephemeral1h = &CacheControl{Type: "ephemeral", TTL: "1h"}
)

func TestBlockMarshalShape(t *testing.T) {
	tests := []struct {
		name  string
		block Block
		want  string
	}{
		{"text", TextBlock("hi"), `{"type":"text","text":"hi"}`},
		{"text empty", TextBlock(""), `{"type":"text","text":""}`},
		{"text ignores other fields",
			Block{Type: BlockText, Text: "hi", Thinking: "x", ID: "y", Input: json.RawMessage(`{"a":1}`), IsError: true},
			`{"type":"text","text":"hi"}`},
		{"text cache_control",
			Block{Type: BlockText, Text: "hi", CacheControl: ephemeral},
			`{"type":"text","text":"hi","cache_control":{"type":"ephemeral"}}`},
		{"text cache_control ttl",
			Block{Type: BlockText, Text: "hi", CacheControl: ephemeral1h},
			`{"type":"text","text":"hi","cache_control":{"type":"ephemeral","ttl":"1h"}}`},
		{"thinking",
			Block{Type: BlockThinking, Thinking: "hmm", Signature: "sig"},
			`{"type":"thinking","thinking":"hmm","signature":"sig"}`},
		{"thinking empty keeps both keys",
			Block{Type: BlockThinking},
			`{"type":"thinking","thinking":"","signature":""}`},
		{"redacted_thinking",
			Block{Type: BlockRedactedThinking, Data: "opaque", Text: "x"},
			`{"type":"redacted_thinking","data":"opaque"}`},
		{"tool_use",
			Block{Type: BlockToolUse, ID: "toolu_1", Name: "Read", Input: json.RawMessage(`{"path":"a.go"}`)},
			`{"type":"tool_use","id":"toolu_1","name":"Read","input":{"path":"a.go"}}`},
		{"tool_use nil input",
			Block{Type: BlockToolUse, ID: "toolu_1", Name: "Now"},
			`{"type":"tool_use","id":"toolu_1","name":"Now","input":{}}`},
		{"tool_use empty input",
			Block{Type: BlockToolUse, ID: "toolu_1", Name: "Now", Input: json.RawMessage{}},
			`{"type":"tool_use","id":"toolu_1","name":"Now","input":{}}`},
		{"tool_use null input",
			Block{Type: BlockToolUse, ID: "toolu_1", Name: "Now", Input: json.RawMessage(`null`)},
			`{"type":"tool_use","id":"toolu_1","name":"Now","input":{}}`},
		{"tool_use cache_control",
			Block{Type: BlockToolUse, ID: "t", Name: "n", Input: json.RawMessage(`{}`), CacheControl: ephemeral},
			`{"type":"tool_use","id":"t","name":"n","input":{},"cache_control":{"type":"ephemeral"}}`},
		{"tool_result nil content",
			Block{Type: BlockToolResult, ToolUseID: "toolu_1"},
			`{"type":"tool_result","tool_use_id":"toolu_1","content":[]}`},
		// One text block is written as a string, as Claude Code sends it.
		{"tool_result text",
			ToolResultBlock("toolu_1", "ok", false),
			`{"type":"tool_result","tool_use_id":"toolu_1","content":"ok"}`},
		{"tool_result is_error",
			ToolResultBlock("toolu_1", "boom", true),
			`{"type":"tool_result","tool_use_id":"toolu_1","content":"boom","is_error":true}`},
		{"tool_result explicit is_error false",
			Block{Type: BlockToolResult, ToolUseID: "toolu_1", Content: []Block{TextBlock("hi")}, ReportIsError: true},
			`{"type":"tool_result","tool_use_id":"toolu_1","content":"hi","is_error":false}`},
		{"tool_result two text blocks stay an array",
			Block{Type: BlockToolResult, ToolUseID: "toolu_1", Content: []Block{TextBlock("a"), TextBlock("b")}},
			`{"type":"tool_result","tool_use_id":"toolu_1","content":[{"type":"text","text":"a"},{"type":"text","text":"b"}]}`},
		{"tool_result text with cache_control stays an array",
			Block{Type: BlockToolResult, ToolUseID: "toolu_1", Content: []Block{{Type: BlockText, Text: "a", CacheControl: &CacheControl{Type: "ephemeral"}}}},
			`{"type":"tool_result","tool_use_id":"toolu_1","content":[{"type":"text","text":"a","cache_control":{"type":"ephemeral"}}]}`},
		{"tool_result cache_control and image",
			Block{Type: BlockToolResult, ToolUseID: "t", CacheControl: ephemeral, Content: []Block{
				{Type: BlockImage, Source: &Source{Type: "base64", MediaType: "image/png", Data: "AAA"}}}},
			`{"type":"tool_result","tool_use_id":"t","cache_control":{"type":"ephemeral"},
			  "content":[{"type":"image","source":{"type":"base64","media_type":"image/png","data":"AAA"}}]}`},
		{"image base64",
			Block{Type: BlockImage, Source: &Source{Type: "base64", MediaType: "image/jpeg", Data: "/9j/"}},
			`{"type":"image","source":{"type":"base64","media_type":"image/jpeg","data":"/9j/"}}`},
		{"image url",
			Block{Type: BlockImage, Source: &Source{Type: "url", URL: "https://example.com/a.png"}},
			`{"type":"image","source":{"type":"url","url":"https://example.com/a.png"}}`},
		{"document text cache_control",
			Block{Type: BlockDocument, Source: &Source{Type: "text", MediaType: "text/plain", Data: "doc"}, CacheControl: ephemeral},
			`{"type":"document","source":{"type":"text","media_type":"text/plain","data":"doc"},"cache_control":{"type":"ephemeral"}}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := json.Marshal(tc.block)
			if err != nil {
				t.Fatalf("Marshal: %v", err)
			}
			assertJSON(t, got, tc.want)
			// A pointer marshals the same way.
			gotp, err := json.Marshal(&tc.block)
			if err != nil {
				t.Fatalf("Marshal(&b): %v", err)
			}
			assertJSON(t, gotp, tc.want)
		})
	}
}

func TestBlockMarshalErrors(t *testing.T) {
	tests := []struct {
		name  string
		block Block
	}{
		{"unknown type", Block{Type: "server_tool_use"}},
		{"empty type", Block{Text: "hi"}},
		{"invalid tool input", Block{Type: BlockToolUse, ID: "t", Name: "n", Input: json.RawMessage(`{"a":`)}},
		{"unknown nested in tool_result", Block{Type: BlockToolResult, ToolUseID: "t", Content: []Block{{Type: "bogus"}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if out, err := json.Marshal(tc.block); err == nil {
				t.Errorf("Marshal succeeded with %s, want an error", out)
			}
		})
	}
	if _, err := json.Marshal(Block{Type: "bogus"}); err == nil || !strings.Contains(err.Error(), `"bogus"`) {
		t.Errorf("unknown type error = %v, want it to name the type", err)
	}
}

func TestMessageMarshal(t *testing.T) {
	tests := []struct {
		name string
		msg  Message
		want string
	}{
		{"nil content", Message{Role: RoleUser}, `{"role":"user","content":[]}`},
		{"empty content", Message{Role: RoleAssistant, Content: []Block{}}, `{"role":"assistant","content":[]}`},
		{"blocks", Message{Role: RoleAssistant, Content: []Block{
			TextBlock("hi"),
			{Type: BlockToolUse, ID: "t", Name: "n"},
		}}, `{"role":"assistant","content":[{"type":"text","text":"hi"},{"type":"tool_use","id":"t","name":"n","input":{}}]}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := json.Marshal(tc.msg)
			if err != nil {
				t.Fatalf("Marshal: %v", err)
			}
			assertJSON(t, got, tc.want)
			// Inside a slice, by pointer: the same.
			got, err = json.Marshal([]*Message{&tc.msg})
			if err != nil {
				t.Fatalf("Marshal([]*Message): %v", err)
			}
			assertJSON(t, got, "["+tc.want+"]")
		})
	}
	if _, err := json.Marshal(Message{Role: RoleUser, Content: []Block{{Type: "bogus"}}}); err == nil {
		t.Error("Marshal of a message with an unknown block succeeded, want an error")
	}
}

func TestBlockRoundTrip(t *testing.T) {
	tests := []struct {
		name  string
		block Block
		want  *Block // nil: same as block
	}{
		{"text", TextBlock("hello\n\"world\""), nil},
		{"text cache_control", Block{Type: BlockText, Text: "hi", CacheControl: ephemeral1h}, nil},
		{"thinking", Block{Type: BlockThinking, Thinking: "hmm", Signature: "sig=="}, nil},
		{"redacted_thinking", Block{Type: BlockRedactedThinking, Data: "opaque"}, nil},
		{"tool_use", Block{Type: BlockToolUse, ID: "toolu_1", Name: "Read",
			Input: json.RawMessage(`{"path":"a.go","n":[1,2]}`), CacheControl: ephemeral}, nil},
		{"tool_use nil input", Block{Type: BlockToolUse, ID: "toolu_1", Name: "Now"},
			&Block{Type: BlockToolUse, ID: "toolu_1", Name: "Now", Input: json.RawMessage(`{}`)}},
		{"tool_result", Block{Type: BlockToolResult, ToolUseID: "toolu_1", IsError: true, CacheControl: ephemeral,
			Content: []Block{TextBlock("a"), {Type: BlockImage, Source: &Source{Type: "base64", MediaType: "image/png", Data: "AAA"}}}}, nil},
		{"tool_result nil content", Block{Type: BlockToolResult, ToolUseID: "t"},
			&Block{Type: BlockToolResult, ToolUseID: "t", Content: []Block{}}},
		{"image", Block{Type: BlockImage, Source: &Source{Type: "url", URL: "https://x/y.png"}}, nil},
		{"document", Block{Type: BlockDocument, Source: &Source{Type: "base64", MediaType: "application/pdf", Data: "JVBER"}}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data, err := json.Marshal(tc.block)
			if err != nil {
				t.Fatalf("Marshal: %v", err)
			}
			var got Block
			if err := json.Unmarshal(data, &got); err != nil {
				t.Fatalf("Unmarshal(%s): %v", data, err)
			}
			want := tc.block
			if tc.want != nil {
				want = *tc.want
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("round trip of %s\n got: %#v\nwant: %#v", data, got, want)
			}
			again, err := json.Marshal(got)
			if err != nil {
				t.Fatalf("re-Marshal: %v", err)
			}
			if string(again) != string(data) {
				t.Errorf("re-marshal differs\nfirst:  %s\nsecond: %s", data, again)
			}
		})
	}
}

func TestBlockUnmarshal(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want Block
	}{
		{"tool_result string content", `{"type":"tool_result","tool_use_id":"t","content":"out"}`,
			Block{Type: BlockToolResult, ToolUseID: "t", Content: []Block{TextBlock("out")}}},
		{"tool_result string content escaped, spaced", `{"type":"tool_result","tool_use_id":"t","content":   "a\"b\nc"}`,
			Block{Type: BlockToolResult, ToolUseID: "t", Content: []Block{TextBlock("a\"b\nc")}}},
		{"tool_result empty string content", `{"type":"tool_result","tool_use_id":"t","content":""}`,
			Block{Type: BlockToolResult, ToolUseID: "t"}},
		{"tool_result null content", `{"type":"tool_result","tool_use_id":"t","content":null,"is_error":true}`,
			Block{Type: BlockToolResult, ToolUseID: "t", IsError: true}},
		{"tool_result no content", `{"type":"tool_result","tool_use_id":"t"}`,
			Block{Type: BlockToolResult, ToolUseID: "t"}},
		{"tool_result array content", `{"type":"tool_result","tool_use_id":"t","content":[{"type":"text","text":"x"}]}`,
			Block{Type: BlockToolResult, ToolUseID: "t", Content: []Block{TextBlock("x")}}},
		{"tool_use keeps raw input", `{"type":"tool_use","id":"t","name":"n","input":{"a": 1}}`,
			Block{Type: BlockToolUse, ID: "t", Name: "n", Input: json.RawMessage(`{"a": 1}`)}},
		{"API text block with citations field", `{"type":"text","text":"hi","citations":null}`,
			TextBlock("hi")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got Block
			if err := json.Unmarshal([]byte(tc.in), &got); err != nil {
				t.Fatalf("Unmarshal(%s): %v", tc.in, err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Unmarshal(%s)\n got: %#v\nwant: %#v", tc.in, got, tc.want)
			}
		})
	}
}

func TestBlockUnmarshalStringContentRemarshals(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"type":"tool_result","tool_use_id":"t","content":"out"}`,
			`{"type":"tool_result","tool_use_id":"t","content":"out"}`},
		{`{"type":"tool_result","tool_use_id":"t","content":"out","is_error":false}`,
			`{"type":"tool_result","tool_use_id":"t","content":"out","is_error":false}`},
		// An empty string must not become an (API-rejected) empty text block.
		{`{"type":"tool_result","tool_use_id":"t","content":""}`,
			`{"type":"tool_result","tool_use_id":"t","content":[]}`},
	}
	for _, tc := range tests {
		var b Block
		if err := json.Unmarshal([]byte(tc.in), &b); err != nil {
			t.Fatalf("Unmarshal(%s): %v", tc.in, err)
		}
		out, err := json.Marshal(b)
		if err != nil {
			t.Fatalf("Marshal: %v", err)
		}
		assertJSON(t, out, tc.want)
	}
}

func TestBlockUnmarshalRejectsGarbage(t *testing.T) {
	tests := []struct{ name, in string }{
		{"not JSON", `not json`},
		{"truncated", `{"type":"text","text":`},
		{"array", `[1,2]`},
		{"string", `"text"`},
		{"number type", `{"type":5}`},
		{"number text", `{"type":"text","text":5}`},
		{"numeric content", `{"type":"tool_result","tool_use_id":"t","content":42}`},
		{"object content", `{"type":"tool_result","tool_use_id":"t","content":{"a":1}}`},
		{"bad nested block", `{"type":"tool_result","tool_use_id":"t","content":[1]}`},
		{"bad is_error", `{"type":"tool_result","tool_use_id":"t","is_error":"yes"}`},
		{"bad source", `{"type":"image","source":"x"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b Block
			if err := json.Unmarshal([]byte(tc.in), &b); err == nil {
				t.Errorf("Unmarshal(%s) = %#v, want an error", tc.in, b)
			}
		})
	}
}

func TestMessageUnmarshal(t *testing.T) {
	in := `{"role":"user","content":[{"type":"text","text":"hi"},{"type":"tool_result","tool_use_id":"t","content":"ok"}]}`
	var m Message
	if err := json.Unmarshal([]byte(in), &m); err != nil {
		t.Fatalf("Unmarshal: %v", err)
	}
	want := Message{Role: RoleUser, Content: []Block{TextBlock("hi"),
		{Type: BlockToolResult, ToolUseID: "t", Content: []Block{TextBlock("ok")}}}}
	if !reflect.DeepEqual(m, want) {
		t.Errorf("got %#v\nwant %#v", m, want)
	}
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	assertJSON(t, out, `{"role":"user","content":[{"type":"text","text":"hi"},
		{"type":"tool_result","tool_use_id":"t","content":"ok"}]}`)
}

func TestMessageHelpers(t *testing.T) {
	use1 := Block{Type: BlockToolUse, ID: "a", Name: "A"}
	use2 := Block{Type: BlockToolUse, ID: "b", Name: "B"}
	m := Message{Role: RoleAssistant, Content: []Block{
		{Type: BlockThinking, Thinking: "no"}, TextBlock("one "), use1, TextBlock("two"), use2,
	}}
	if got := m.Text(); got != "one two" {
		t.Errorf("Text() = %q, want %q", got, "one two")
	}
	if got := m.ToolUses(); !reflect.DeepEqual(got, []Block{use1, use2}) {
		t.Errorf("ToolUses() = %#v", got)
	}
	var empty Message
	if empty.Text() != "" || empty.ToolUses() != nil {
		t.Errorf("empty message: Text %q ToolUses %#v", empty.Text(), empty.ToolUses())
	}
}
