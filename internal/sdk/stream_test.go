package sdk

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"slices"
	"strings"
	"testing"

	"corvid/internal/event"
	"corvid/internal/provider"
)

// TestStreamFrames pins the exact JSON and the key order of every frame
// type. Each case publishes evInit first (to set the session id), whose
// frame takes uuid-1.
func TestStreamFrames(t *testing.T) {
	tests := []struct {
		name string
		ev   event.Event
		keys string // comma-separated, in order
		want string
	}{
		{"init", evInit,
			"type,subtype,cwd,session_id,tools,mcp_servers,model,permissionMode,slash_commands,apiKeySource,claude_code_version,output_style,agents,skills,plugins,uuid",
			`{"type":"system","subtype":"init","cwd":"/work","session_id":"sess-1","tools":["Bash","Read"],
			"mcp_servers":[],"model":"claude-sonnet-4-5","permissionMode":"default","slash_commands":[],
			"apiKeySource":"ANTHROPIC_API_KEY","claude_code_version":"2.1.330","output_style":"default",
			"agents":[],"skills":[],"plugins":[],"uuid":"uuid-2"}`},
		{"assistant text", evText,
			"type,message,parent_tool_use_id,session_id,uuid,timestamp",
			`{"type":"assistant","message":{"id":"msg_1","type":"message","role":"assistant",
			"model":"claude-sonnet-4-5","content":[{"type":"text","text":"Let me look."}],
			"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":10,
			"cache_creation_input_tokens":7,"cache_read_input_tokens":2,
			"cache_creation":{"ephemeral_5m_input_tokens":7,"ephemeral_1h_input_tokens":0},
			"output_tokens":3,"service_tier":"standard"},"context_management":null},
			"parent_tool_use_id":null,"session_id":"sess-1","uuid":"a-1","timestamp":"2026-11-26T01:02:03.456Z"}`},
		{"assistant aborted", event.Assistant{UUID: "a-9", MessageID: "msg_9", Model: "claude-sonnet-4-5",
			Block: provider.TextBlock("Once upon"), Aborted: true},
			"type,message,parent_tool_use_id,session_id,uuid,timestamp,aborted",
			`{"type":"assistant","message":{"id":"msg_9","type":"message","role":"assistant",
			"model":"claude-sonnet-4-5","content":[{"type":"text","text":"Once upon"}],
			"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":0,
			"cache_creation_input_tokens":0,"cache_read_input_tokens":0,
			"cache_creation":{"ephemeral_5m_input_tokens":0,"ephemeral_1h_input_tokens":0},
			"output_tokens":0,"service_tier":"standard"},"context_management":null},
			"parent_tool_use_id":null,"session_id":"sess-1","uuid":"a-9","timestamp":"2026-11-26T01:02:03.456Z","aborted":true}`},
		{"assistant tool_use", evToolUse,
			"type,message,parent_tool_use_id,session_id,uuid,timestamp",
			`{"type":"assistant","message":{"id":"msg_1","type":"message","role":"assistant",
			"model":"claude-sonnet-4-5","content":[{"type":"tool_use","id":"toolu_1","name":"Bash",
			"input":{"command":"ls"}}],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":0,
			"cache_creation_input_tokens":0,"cache_read_input_tokens":0,
			"cache_creation":{"ephemeral_5m_input_tokens":0,"ephemeral_1h_input_tokens":0},
			"output_tokens":0,"service_tier":"standard"},"context_management":null},
			"parent_tool_use_id":null,"session_id":"sess-1","uuid":"a-2","timestamp":"2026-11-26T01:02:03.456Z"}`},
		{"synthetic api error", event.Assistant{Model: "<synthetic>", Error: "rate_limit",
			Block: provider.TextBlock("API Error: 429 rate limited")},
			"type,message,parent_tool_use_id,session_id,uuid,timestamp,error",
			`{"type":"assistant","message":{"id":"uuid-2","type":"message","role":"assistant",
			"model":"<synthetic>","content":[{"type":"text","text":"API Error: 429 rate limited"}],
			"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":0,
			"cache_creation_input_tokens":0,"cache_read_input_tokens":0,
			"cache_creation":{"ephemeral_5m_input_tokens":0,"ephemeral_1h_input_tokens":0},
			"output_tokens":0,"service_tier":"standard"},"context_management":null},
			"parent_tool_use_id":null,"session_id":"sess-1","uuid":"uuid-3","timestamp":"2026-11-26T01:02:03.456Z","error":"rate_limit"}`},
		{"user text result", evToolResult,
			"type,message,parent_tool_use_id,session_id,uuid,timestamp,tool_use_result",
			`{"type":"user","message":{"role":"user","content":[{"type":"tool_result",
			"tool_use_id":"toolu_1","content":"a.go\nb.go"}]},
			"parent_tool_use_id":null,"session_id":"sess-1","uuid":"u-1","timestamp":"2026-11-26T01:02:03.456Z","tool_use_result":"a.go\nb.go"}`},
		{"user image result stays an array", event.ToolResult{UUID: "u-3", ToolUseID: "toolu_3",
			Block: provider.Block{Type: provider.BlockToolResult, ToolUseID: "toolu_3", Content: []provider.Block{
				{Type: provider.BlockImage, Source: &provider.Source{Type: "base64", MediaType: "image/png", Data: "AAA"}}}},
			Structured: map[string]any{"type": "image"}},
			"type,message,parent_tool_use_id,session_id,uuid,timestamp,tool_use_result",
			`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_3",
			"content":[{"type":"image","source":{"type":"base64","media_type":"image/png","data":"AAA"}}]}]},
			"parent_tool_use_id":null,"session_id":"sess-1","uuid":"u-3","timestamp":"2026-11-26T01:02:03.456Z","tool_use_result":{"type":"image"}}`},
		{"user bash result says is_error false", event.ToolResult{UUID: "u-4", ToolUseID: "toolu_4",
			Block: provider.Block{Type: provider.BlockToolResult, ToolUseID: "toolu_4",
				Content: []provider.Block{provider.TextBlock("hi")}, ReportIsError: true},
			Structured: map[string]any{"stdout": "hi"}},
			"type,message,parent_tool_use_id,session_id,uuid,timestamp,tool_use_result",
			`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_4",
			"content":"hi","is_error":false}]},
			"parent_tool_use_id":null,"session_id":"sess-1","uuid":"u-4","timestamp":"2026-11-26T01:02:03.456Z","tool_use_result":{"stdout":"hi"}}`},
		{"user interrupt marker", event.UserText{UUID: "u-5", Text: event.InterruptedToolText},
			"type,message,parent_tool_use_id,session_id,uuid,timestamp",
			`{"type":"user","message":{"role":"user","content":[{"type":"text",
			"text":"[Request interrupted by user for tool use]"}]},
			"parent_tool_use_id":null,"session_id":"sess-1","uuid":"u-5","timestamp":"2026-11-26T01:02:03.456Z"}`},
		{"status", event.Status{Status: event.StatusRequesting},
			"type,subtype,status,session_id,uuid",
			`{"type":"system","subtype":"status","status":"requesting","session_id":"sess-1","uuid":"uuid-2"}`},
		{"permission_denied", event.PermissionDenied{ToolName: "Bash", ToolUseID: "toolu_6", Message: "no"},
			"type,subtype,tool_name,tool_use_id,message,session_id,uuid",
			`{"type":"system","subtype":"permission_denied","tool_name":"Bash","tool_use_id":"toolu_6",
			"message":"no","session_id":"sess-1","uuid":"uuid-2"}`},
		{"user structured error result", event.ToolResult{ToolUseID: "toolu_2",
			Block:      provider.ToolResultBlock("toolu_2", "Exit code 1", true),
			Structured: map[string]any{"stdout": "", "stderr": "boom", "interrupted": false}},
			"type,message,parent_tool_use_id,session_id,uuid,timestamp,tool_use_result",
			`{"type":"user","message":{"role":"user","content":[{"type":"tool_result",
			"tool_use_id":"toolu_2","content":"Exit code 1","is_error":true}]},
			"parent_tool_use_id":null,"session_id":"sess-1","uuid":"uuid-2","timestamp":"2026-11-26T01:02:03.456Z",
			"tool_use_result":{"stdout":"","stderr":"boom","interrupted":false}}`},
		{"stream_event", evStream,
			"type,event,session_id,parent_tool_use_id,uuid",
			`{"type":"stream_event","event":{"type":"message_stop"},"session_id":"sess-1",
			"parent_tool_use_id":null,"uuid":"uuid-2"}`},
		{"api_retry", evRetry,
			"type,subtype,attempt,max_retries,retry_delay_ms,error_status,error,session_id,uuid",
			`{"type":"system","subtype":"api_retry","attempt":1,"max_retries":10,"retry_delay_ms":1500,
			"error_status":529,"error":"overloaded","session_id":"sess-1","uuid":"uuid-2"}`},
		{"api_retry without status", event.Retry{Attempt: 2, MaxRetries: 10, Category: "unknown"},
			"type,subtype,attempt,max_retries,retry_delay_ms,error_status,error,session_id,uuid",
			`{"type":"system","subtype":"api_retry","attempt":2,"max_retries":10,"retry_delay_ms":0,
			"error_status":null,"error":"unknown","session_id":"sess-1","uuid":"uuid-2"}`},
		{"informational", evNotice,
			"type,subtype,content,level,session_id,uuid",
			`{"type":"system","subtype":"informational","content":"Switched to fallback model claude-haiku-4-5",
			"level":"info","session_id":"sess-1","uuid":"uuid-2"}`},
		{"result success", evResult,
			"type,subtype,is_error,duration_ms,duration_api_ms,num_turns,result,stop_reason,session_id,total_cost_usd,usage,modelUsage,permission_denials,terminal_reason,api_error_status,uuid",
			`{"type":"result","subtype":"success","is_error":false,"duration_ms":1234,"duration_api_ms":987,
			"num_turns":2,"result":"Done.","stop_reason":"end_turn","session_id":"sess-1","total_cost_usd":0.0016,
			"usage":{"input_tokens":200,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,
			"output_tokens":40,"server_tool_use":{"web_search_requests":0,"web_fetch_requests":0},
			"service_tier":"standard","cache_creation":{"ephemeral_5m_input_tokens":0,"ephemeral_1h_input_tokens":0}},
			"modelUsage":{"claude-sonnet-4-5":{"inputTokens":200,"outputTokens":40,"cacheReadInputTokens":0,
			"cacheCreationInputTokens":0,"webSearchRequests":0,"costUSD":0.0016,"contextWindow":200000,
			"maxOutputTokens":64000}},"permission_denials":[],"terminal_reason":"completed",
			"api_error_status":null,"uuid":"uuid-2"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ls := lines(t, render(t, testOpts(FormatStreamJSON), evInit, tt.ev))
			if len(ls) != 2 {
				t.Fatalf("got %d lines, want 2:\n%s", len(ls), strings.Join(ls, "\n"))
			}
			got := ls[1]
			if k := strings.Join(keys(t, got), ","); k != tt.keys {
				t.Errorf("keys\n got %s\nwant %s", k, tt.keys)
			}
			sameJSON(t, got, tt.want)
		})
	}
}

func TestStreamRun(t *testing.T) {
	ls := lines(t, render(t, testOpts(FormatStreamJSON), run()...))
	var types []string
	for _, l := range ls {
		var f struct{ Type, Subtype string }
		if err := json.Unmarshal([]byte(l), &f); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		types = append(types, strings.TrimSuffix(f.Type+"/"+f.Subtype, "/"))
	}
	// Tool progress has no frame.
	want := []string{"system/init", "stream_event", "assistant", "assistant", "user",
		"system/api_retry", "system/informational", "result/success"}
	if !slices.Equal(types, want) {
		t.Errorf("frames\n got %v\nwant %v", types, want)
	}
}

func TestStreamOneResultFramePerResult(t *testing.T) {
	second := evResult
	second.Text = "Again."
	ls := lines(t, render(t, testOpts(FormatStreamJSON), evInit, evResult, second))
	if len(ls) != 3 || !strings.Contains(ls[1], `"result":"Done."`) ||
		!strings.Contains(ls[2], `"result":"Again."`) {
		t.Errorf("want init and one frame per result, got:\n%s", strings.Join(ls, "\n"))
	}
}

func TestStreamNoHTMLEscaping(t *testing.T) {
	out := render(t, testOpts(FormatStreamJSON),
		event.Assistant{Model: "<synthetic>", Block: provider.TextBlock("x"), Error: "unknown"})
	if !strings.Contains(out, `"model":"<synthetic>"`) {
		t.Errorf("model escaped: %s", out)
	}
}

func TestStreamWriteErrorIsRemembered(t *testing.T) {
	w := &failWriter{n: 1}
	s := NewStream(w, testOpts(FormatStreamJSON))
	for _, ev := range run() {
		s.Publish(ev)
	}
	if err := s.Close(); !errors.Is(err, io.ErrClosedPipe) {
		t.Fatalf("Close = %v, want ErrClosedPipe", err)
	}
	if w.calls != 2 {
		t.Errorf("%d writes, want 2 (nothing after the failure)", w.calls)
	}
}

func TestStreamEncodingErrorDropsFrame(t *testing.T) {
	var buf bytes.Buffer
	s := NewStream(&buf, testOpts(FormatStreamJSON))
	s.Publish(event.ToolResult{ToolUseID: "toolu_1", Structured: math.NaN()})
	s.Publish(evResult)
	if s.Err() == nil {
		t.Error("Err = nil after an unencodable frame")
	}
	if ls := lines(t, buf.String()); len(ls) != 1 || !strings.Contains(ls[0], `"type":"result"`) {
		t.Errorf("want only the result line, got %q", buf.String())
	}
}

// flushCounter counts Flush calls of a bufio.Writer.
type flushCounter struct {
	*bufio.Writer
	flushes int
}

func (f *flushCounter) Flush() error { f.flushes++; return f.Writer.Flush() }

func TestStreamFlushesEveryLine(t *testing.T) {
	var buf bytes.Buffer
	fc := &flushCounter{Writer: bufio.NewWriter(&buf)}
	s := NewStream(fc, testOpts(FormatStreamJSON))
	s.Publish(evInit)
	if buf.Len() == 0 || fc.flushes != 1 {
		t.Fatalf("line not flushed: %d bytes, %d flushes", buf.Len(), fc.flushes)
	}
}
