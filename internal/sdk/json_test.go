package sdk

import (
	"encoding/json"
	"strings"
	"testing"

	"corvid/internal/event"
)

func TestJSONPrintsOnlyTheResult(t *testing.T) {
	out := render(t, testOpts(FormatJSON), run()...)
	ls := lines(t, out)
	if len(ls) != 1 {
		t.Fatalf("got %d lines, want 1:\n%s", len(ls), out)
	}
	// The result is the only frame json makes, so it takes uuid-1;
	// stream-json gave uuid-1 to init.
	want := strings.Replace(lines(t, render(t, testOpts(FormatStreamJSON), evInit, evResult))[1],
		`"uuid":"uuid-2"`, `"uuid":"uuid-1"`, 1)
	sameJSON(t, ls[0], want)
	for _, lit := range []string{`"duration_ms":1234,`, `"duration_api_ms":987,`,
		`"total_cost_usd":0.0016,`, `"permission_denials":[]`, `"session_id":"sess-1"`} {
		if !strings.Contains(ls[0], lit) {
			t.Errorf("result lacks %s: %s", lit, ls[0])
		}
	}
}

func TestJSONExactlyOneResult(t *testing.T) {
	second := evResult
	second.Text = "Again."
	for _, verbose := range []bool{false, true} {
		opts := testOpts(FormatJSON)
		opts.Verbose = verbose
		out := render(t, opts, evInit, evResult, evText, second)
		if n := strings.Count(out, `"type":"result"`); n != 1 {
			t.Errorf("verbose=%v: %d results in %s", verbose, n, out)
		}
		if len(lines(t, out)) != 1 {
			t.Errorf("verbose=%v: want one line, got %q", verbose, out)
		}
	}
}

func TestJSONVerboseIsArrayOfStreamFrames(t *testing.T) {
	opts := testOpts(FormatJSON)
	opts.Verbose = true
	out := render(t, opts, run()...)
	var frames []json.RawMessage
	if err := json.Unmarshal([]byte(out), &frames); err != nil {
		t.Fatalf("not a JSON array: %v\n%s", err, out)
	}
	stream := lines(t, render(t, testOpts(FormatStreamJSON), run()...))
	if len(frames) != len(stream) {
		t.Fatalf("%d frames, stream-json wrote %d", len(frames), len(stream))
	}
	for i := range frames {
		sameJSON(t, string(frames[i]), stream[i])
	}
	if !strings.HasPrefix(string(frames[len(frames)-1]), `{"type":"result"`) {
		t.Errorf("last frame is not the result: %s", frames[len(frames)-1])
	}
}

func TestJSONNothingWithoutResult(t *testing.T) {
	opts := testOpts(FormatJSON)
	opts.Verbose = true
	if out := render(t, opts, evInit, evText); out != "" {
		t.Errorf("output before any result: %q", out)
	}
}

func TestResultFrameVariants(t *testing.T) {
	tests := []struct {
		name string
		res  event.Result
		keys string
		want map[string]string // key → exact JSON value
	}{
		{"max turns", event.Result{Subtype: event.SubtypeMaxTurns, IsError: true, NumTurns: 3,
			SessionID: "s-9", Errors: []string{"Reached maximum number of turns (2)"},
			TerminalReason: "max_turns"},
			"type,subtype,is_error,duration_ms,duration_api_ms,num_turns,stop_reason,session_id,total_cost_usd,usage,modelUsage,permission_denials,terminal_reason,errors,uuid",
			map[string]string{"errors": `["Reached maximum number of turns (2)"]`, "stop_reason": "null",
				"session_id": `"s-9"`, "modelUsage": "{}", "permission_denials": "[]", "is_error": "true"}},
		{"error without messages", event.Result{Subtype: event.SubtypeDuringExecution, IsError: true},
			"type,subtype,is_error,duration_ms,duration_api_ms,num_turns,stop_reason,session_id,total_cost_usd,usage,modelUsage,permission_denials,errors,uuid",
			map[string]string{"errors": "[]"}},
		{"api error", event.Result{Subtype: event.SubtypeSuccess, IsError: true,
			Text: "API Error: 401 invalid x-api-key", APIErrorStatus: 401, TerminalReason: "api_error",
			Denials: []event.Denial{{ToolName: "Write", ToolUseID: "toolu_9"}}},
			"type,subtype,is_error,duration_ms,duration_api_ms,num_turns,result,stop_reason,session_id,total_cost_usd,usage,modelUsage,permission_denials,terminal_reason,api_error_status,uuid",
			map[string]string{"api_error_status": "401", "result": `"API Error: 401 invalid x-api-key"`,
				"permission_denials": `[{"tool_name":"Write","tool_use_id":"toolu_9","tool_input":{}}]`}},
		// A success result says api_error_status null, as Claude Code's do;
		// the error subtypes above leave it out, as Claude Code's do.
		{"empty success", event.Result{Subtype: event.SubtypeSuccess},
			"type,subtype,is_error,duration_ms,duration_api_ms,num_turns,result,stop_reason,session_id,total_cost_usd,usage,modelUsage,permission_denials,api_error_status,uuid",
			map[string]string{"result": `""`, "total_cost_usd": "0", "duration_ms": "0", "api_error_status": "null"}},
		// A reason of corvid's own is not put in terminal_reason, whose
		// values hosts switch on; it gets a field of its own.
		{"transcript failure", event.Result{Subtype: event.SubtypeDuringExecution, IsError: true,
			Errors: []string{"disk full"}, TerminalReason: "transcript_error"},
			"type,subtype,is_error,duration_ms,duration_api_ms,num_turns,stop_reason,session_id,total_cost_usd,usage,modelUsage,permission_denials,corvid_terminal_reason,errors,uuid",
			map[string]string{"corvid_terminal_reason": `"transcript_error"`}},
		{"max turns after a tool call", event.Result{Subtype: event.SubtypeMaxTurns, IsError: true,
			NumTurns: 2, StopReason: "tool_use", TerminalReason: "max_turns"},
			"type,subtype,is_error,duration_ms,duration_api_ms,num_turns,stop_reason,session_id,total_cost_usd,usage,modelUsage,permission_denials,terminal_reason,errors,uuid",
			map[string]string{"stop_reason": `"tool_use"`, "num_turns": "2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := lines(t, render(t, testOpts(FormatJSON), tt.res))[0]
			if k := strings.Join(keys(t, got), ","); k != tt.keys {
				t.Errorf("keys\n got %s\nwant %s", k, tt.keys)
			}
			var m map[string]json.RawMessage
			if err := json.Unmarshal([]byte(got), &m); err != nil {
				t.Fatal(err)
			}
			for k, v := range tt.want {
				if string(m[k]) != v {
					t.Errorf("%s = %s, want %s", k, m[k], v)
				}
			}
		})
	}
}
