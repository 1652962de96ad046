package providertest

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"testing"
)

type errorBody struct {
	Type  string `json:"type"`
	Error struct {
		Type    string `json:"type"`
		Message string `json:"message"`
	} `json:"error"`
	RequestID string `json:"request_id"`
}

func decodeError(t *testing.T, resp *http.Response) errorBody {
	t.Helper()
	if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("content-type %q", ct)
	}
	var e errorBody
	if err := json.NewDecoder(resp.Body).Decode(&e); err != nil {
		t.Fatal(err)
	}
	if e.Type != "error" {
		t.Errorf("body type %q, want error", e.Type)
	}
	if e.RequestID == "" || e.RequestID != resp.Header.Get("Request-Id") {
		t.Errorf("request id body %q header %q", e.RequestID, resp.Header.Get("Request-Id"))
	}
	return e
}

func TestHTTPErrors(t *testing.T) {
	tests := []struct {
		name       string
		turn       Turn
		status     int
		errType    string
		message    string
		retryAfter string
	}{
		{"rate limit", Turn{Status: 429, RetryAfter: "7"}, 429, "rate_limit_error",
			"Number of request tokens has exceeded your per-minute rate limit", "7"},
		{"overloaded", Turn{Status: 529}, 529, "overloaded_error", "Overloaded", ""},
		{"server error", Turn{Status: 500}, 500, "api_error", "Internal server error", ""},
		{"prompt too long", Turn{Status: 400, ErrorMessage: "prompt is too long: 210000 tokens > 200000 maximum"},
			400, "invalid_request_error", "prompt is too long: 210000 tokens > 200000 maximum", ""},
		{"custom type", Turn{Status: 503, ErrorType: "overloaded_error", ErrorMessage: "busy"}, 503, "overloaded_error", "busy", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := Start(t, Scenario{Turns: []Turn{tc.turn}})
			resp := post(t, s, hello)
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, tc.status)
			}
			if got := resp.Header.Get("Retry-After"); got != tc.retryAfter {
				t.Errorf("retry-after %q, want %q", got, tc.retryAfter)
			}
			e := decodeError(t, resp)
			if e.Error.Type != tc.errType || e.Error.Message != tc.message {
				t.Errorf("error %+v, want %s %q", e.Error, tc.errType, tc.message)
			}
		})
	}
}

func TestStreamFailures(t *testing.T) {
	blocks := []Block{Text("The quick brown fox jumps over the lazy dog.")}
	tests := []struct {
		name    string
		turn    Turn
		want    []string
		wantErr error
		last    string // data of the last record, if checked
		badJSON bool   // the last record's data must not be JSON
	}{
		{name: "cut mid-stream", turn: Turn{Blocks: blocks, CutAfter: 4},
			want:    []string{"message_start", "ping", "content_block_start", "content_block_delta"},
			wantErr: io.ErrUnexpectedEOF},
		{name: "error event", turn: Turn{Blocks: blocks, CutAfter: 3, ErrorEvent: "overloaded_error"},
			want: []string{"message_start", "ping", "content_block_start", "error"},
			last: `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`},
		{name: "error event first", turn: Turn{Blocks: blocks, ErrorEvent: "api_error", ErrorMessage: "boom"},
			want: []string{"error"},
			last: `{"type":"error","error":{"type":"api_error","message":"boom"}}`},
		{name: "malformed record", turn: Turn{Blocks: blocks, CutAfter: 3, Malformed: true},
			want:    []string{"message_start", "ping", "content_block_start", "content_block_delta"},
			badJSON: true},
		{name: "malformed after the end", turn: Turn{Blocks: []Block{Text("hi")}, CutAfter: 7, Malformed: true},
			want:    append(wantNames(1), "message_stop"),
			badJSON: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := Start(t, Scenario{Turns: []Turn{tc.turn}})
			recs, err := stream(t, s, hello)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("stream error %v, want %v", err, tc.wantErr)
			}
			checkFailure(t, recs, tc.want, tc.last, tc.badJSON)
		})
	}
}

func checkFailure(t *testing.T, recs []sseRecord, want []string, last string, badJSON bool) {
	t.Helper()
	if got := names(recs); !reflect.DeepEqual(got, want) {
		t.Fatalf("events\n got %v\nwant %v", got, want)
	}
	end := recs[len(recs)-1].Data
	if last != "" && end != last {
		t.Errorf("last data\n got %s\nwant %s", end, last)
	}
	if badJSON && json.Valid([]byte(end)) {
		t.Errorf("last data %s is valid JSON", end)
	}
}
