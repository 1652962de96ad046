package anthropic

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/anthropics/anthropic-sdk-go"

	"corvid/internal/provider"
)

func TestBaseURLWithPath(t *testing.T) {
	var path string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path = r.URL.Path
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, strings.Join(helloStream(), ""))
	}))
	defer srv.Close()
	for _, base := range []string{srv.URL + "/gateway/anthropic", srv.URL + "/gateway/anthropic/"} {
		a, _ := assemble(t, newTestClient(t, base).Stream(context.Background(), simpleRequest()))
		if path != "/gateway/anthropic/v1/messages" || a.Message().Text() != "hello" {
			t.Errorf("base %s: path %q text %q", base, path, a.Message().Text())
		}
	}
}

func TestUsageDetails(t *testing.T) {
	start := `{"type":"message_start","message":{"id":"msg_u","model":"m","usage":{"input_tokens":10,"output_tokens":1,` +
		`"cache_creation_input_tokens":300,"cache_read_input_tokens":40,` +
		`"cache_creation":{"ephemeral_5m_input_tokens":100,"ephemeral_1h_input_tokens":200}}}}`
	delta := `{"type":"message_delta","delta":{"stop_reason":"stop_sequence","stop_sequence":"###"},` +
		`"usage":{"output_tokens":77,"server_tool_use":{"web_search_requests":2,"web_fetch_requests":1}}}`
	srv := sseServer(t, sse("message_start", start), sse("message_delta", delta), sse("message_stop", evMessageStop))
	a, evs := assemble(t, newTestClient(t, srv.URL).Stream(context.Background(), simpleRequest()))
	want := provider.Usage{InputTokens: 10, OutputTokens: 77, CacheCreationInputTokens: 300, CacheReadInputTokens: 40,
		CacheCreation5m: 100, CacheCreation1h: 200, WebSearchRequests: 2, WebFetchRequests: 1}
	if a.Usage() != want {
		t.Errorf("usage %+v, want %+v", a.Usage(), want)
	}
	if evs[1].StopReason != "stop_sequence" || evs[1].StopSequence != "###" {
		t.Errorf("message_delta %+v", evs[1])
	}
}

func TestUnsupportedBlocksAreDropped(t *testing.T) {
	srv := sseServer(t,
		sse("message_start", evMessageStart),
		sse("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"server_tool_use","id":"srvtoolu_1","name":"web_search","input":{}}}`),
		sse("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"query\":\"go\"}"}}`),
		sse("content_block_stop", `{"type":"content_block_stop","index":0}`),
		sse("content_block_start", `{"type":"content_block_start","index":1,"content_block":{"type":"web_search_tool_result","tool_use_id":"srvtoolu_1","content":[]}}`),
		sse("content_block_stop", `{"type":"content_block_stop","index":1}`),
		sse("content_block_start", `{"type":"content_block_start","index":2,"content_block":{"type":"text","text":""}}`),
		sse("content_block_delta", `{"type":"content_block_delta","index":2,"delta":{"type":"citations_delta","citation":{"type":"web_search_result_location"}}}`),
		sse("content_block_delta", `{"type":"content_block_delta","index":2,"delta":{"type":"text_delta","text":"Go is fine."}}`),
		sse("content_block_stop", `{"type":"content_block_stop","index":2}`),
		sse("some_future_event", `{"type":"some_future_event"}`),
		sse("message_delta", evMessageDelta),
		sse("message_stop", evMessageStop),
	)
	a, evs := assemble(t, newTestClient(t, srv.URL).Stream(context.Background(), simpleRequest()))
	got := a.Message().Content
	if len(got) != 1 || got[0].Type != provider.BlockText || got[0].Text != "Go is fine." {
		t.Errorf("content %+v", got)
	}
	for _, ev := range evs {
		if ev.Type != provider.EventMessageStart && ev.Type != provider.EventMessageDelta &&
			ev.Type != provider.EventMessageStop && ev.Index != 2 {
			t.Errorf("event for dropped block: %+v", ev)
		}
	}
}

func TestEventsWithoutEventLines(t *testing.T) {
	srv := sseServer(t, ": a comment\n\n", sse("", evMessageStart), sse("", evTextStart), sse("", evTextDelta),
		sse("", evBlockStop0), sse("", evMessageDelta), sse("", evMessageStop))
	a, _ := assemble(t, newTestClient(t, srv.URL).Stream(context.Background(), simpleRequest()))
	if a.Message().Text() != "hello" || a.StopReason() != provider.StopEndTurn {
		t.Errorf("message %+v stop %q", a.Message(), a.StopReason())
	}
}

func TestStreamEndsAfterMessageStop(t *testing.T) {
	// Anything after message_stop is not read.
	events := append(helloStream(), sse("error", `{"type":"error","error":{"type":"api_error","message":"late"}}`))
	srv := sseServer(t, events...)
	if _, err := collect(newTestClient(t, srv.URL).Stream(context.Background(), simpleRequest())); err != nil {
		t.Errorf("err %v", err)
	}
}

func TestStreamEndsEarly(t *testing.T) {
	srv := sseServer(t, sse("message_start", evMessageStart), sse("content_block_start", evTextStart))
	evs, err := collect(newTestClient(t, srv.URL).Stream(context.Background(), simpleRequest()))
	e := apiError(t, err)
	if e.Type != provider.ErrTypeConnection || !errors.Is(err, io.ErrUnexpectedEOF) || !e.MidStream || len(evs) != 2 {
		t.Errorf("got %+v after %d events", e, len(evs))
	}
}

func TestMalformedEventShapes(t *testing.T) {
	for name, ev := range map[string]string{
		"not json":          sse("message_start", `{"type":"message_start",`),
		"no message":        sse("message_start", `{"type":"message_start"}`),
		"no content block":  sse("content_block_start", `{"type":"content_block_start","index":0}`),
		"no delta":          sse("content_block_delta", `{"type":"content_block_delta","index":0}`),
		"bad error event":   sse("error", `<html>`),
		"wrong field types": sse("message_delta", `{"type":"message_delta","usage":{"output_tokens":"many"}}`),
	} {
		t.Run(name, func(t *testing.T) {
			srv := sseServer(t, ev)
			_, err := collect(newTestClient(t, srv.URL).Stream(context.Background(), simpleRequest()))
			if e := apiError(t, err); e.Type != provider.ErrTypeMalformed || e.Err == nil {
				t.Errorf("got %+v", e)
			}
		})
	}
}

func TestErrorEventFields(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("request-id", "req_hdr")
		_, _ = io.WriteString(w, sse("error", `{"type":"error","error":{"type":"rate_limit_error","message":"slow down"}}`))
	}))
	defer srv.Close()
	evs, err := collect(newTestClient(t, srv.URL).Stream(context.Background(), simpleRequest()))
	e := apiError(t, err)
	if e.Type != provider.ErrTypeRateLimit || e.Message != "slow down" || e.StatusCode != 0 ||
		e.RequestID != "req_hdr" || e.MidStream || len(evs) != 0 || !e.Retryable() {
		t.Errorf("got %+v", e)
	}
}

func TestHTTPErrorBodies(t *testing.T) {
	date := time.Now().Add(90 * time.Second).UTC().Format(http.TimeFormat)
	tests := []struct {
		name    string
		status  int
		header  map[string]string
		body    string
		typ     string
		message string
		minWait time.Duration
		maxWait time.Duration
		hasWait bool
	}{
		{name: "html gateway error", status: 502, body: "<html>Bad Gateway</html>",
			typ: provider.ErrTypeAPI, message: "<html>Bad Gateway</html>"},
		{name: "empty body", status: 503, typ: provider.ErrTypeAPI, message: "Service Unavailable"},
		{name: "retry-after date", status: 429, header: map[string]string{"Retry-After": date},
			body: `{"type":"error","error":{"type":"rate_limit_error","message":"later"}}`,
			typ:  provider.ErrTypeRateLimit, message: "later", minWait: 80 * time.Second, maxWait: 91 * time.Second, hasWait: true},
		{name: "retry-after-ms wins", status: 529, header: map[string]string{"Retry-After": "10", "Retry-After-Ms": "250"},
			body: `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`,
			typ:  provider.ErrTypeOverloaded, message: "Overloaded", minWait: 250 * time.Millisecond, maxWait: 250 * time.Millisecond, hasWait: true},
		{name: "unparsable retry-after", status: 429, header: map[string]string{"Retry-After": "soon"},
			body: `{"type":"error","error":{"type":"rate_limit_error","message":"x"}}`, typ: provider.ErrTypeRateLimit, message: "x"},
		{name: "request id from body", status: 404,
			body: `{"type":"error","error":{"type":"not_found_error","message":"model: nope"},"request_id":"req_body"}`,
			typ:  provider.ErrTypeNotFound, message: "model: nope"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				for k, v := range tt.header {
					w.Header().Set(k, v)
				}
				w.WriteHeader(tt.status)
				_, _ = io.WriteString(w, tt.body)
			}))
			defer srv.Close()
			_, err := collect(newTestClient(t, srv.URL).Stream(context.Background(), simpleRequest()))
			e := apiError(t, err)
			if e.StatusCode != tt.status || e.Type != tt.typ || e.Message != tt.message || e.HasRetry != tt.hasWait ||
				e.RetryAfter < tt.minWait || e.RetryAfter > tt.maxWait {
				t.Errorf("got %+v", e)
			}
			if strings.Contains(tt.body, "req_body") && e.RequestID != "req_body" {
				t.Errorf("request id %q", e.RequestID)
			}
			var sdkErr *anthropic.Error
			if errors.As(err, &sdkErr) {
				t.Error("the SDK's error type leaked")
			}
		})
	}
}

func TestInvalidRequestIsNotSent(t *testing.T) {
	c := newTestClient(t, "http://127.0.0.1:1")
	for name, req := range map[string]*provider.Request{
		"nil":           nil,
		"no model":      {MaxTokens: 10},
		"no max tokens": {Model: "m"},
		"bad schema":    {Model: "m", MaxTokens: 1, Tools: []provider.ToolDef{{Name: "x", InputSchema: []byte("{oops")}}},
		"bad block":     {Model: "m", MaxTokens: 1, Messages: []provider.Message{{Role: "user", Content: []provider.Block{{Type: "mystery"}}}}},
	} {
		_, err := collect(c.Stream(context.Background(), req))
		if e := apiError(t, err); e.Type != provider.ErrTypeInvalidRequest || e.Err == nil || e.Retryable() {
			t.Errorf("%s: got %+v", name, e)
		}
	}
}

func TestIdleTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, sse("message_start", evMessageStart))
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release)
	c := newTestClient(t, srv.URL, func(cfg *Config) { cfg.IdleTimeout = 100 * time.Millisecond })
	start := time.Now()
	evs, err := collect(c.Stream(context.Background(), simpleRequest()))
	e := apiError(t, err)
	if e.Type != provider.ErrTypeConnection || e.Cause != provider.CauseTimeout || !errors.Is(err, context.DeadlineExceeded) ||
		len(evs) != 1 || !e.Retryable() || !e.MidStream {
		t.Errorf("got %+v after %d events", e, len(evs))
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("timeout took %v", d)
	}
}

func TestIdleTimeoutResetsOnProgress(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for i, ev := range helloStream() {
			if i > 0 {
				time.Sleep(200 * time.Millisecond)
			}
			_, _ = io.WriteString(w, ev)
			w.(http.Flusher).Flush()
		}
	}))
	defer srv.Close()
	// The whole stream takes ~1s, each gap 200ms: a 600ms idle limit
	// must not cut it (the gaps leave 400ms for a loaded scheduler; a
	// timer that did not reset on progress would fire at 600ms).
	c := newTestClient(t, srv.URL, func(cfg *Config) { cfg.IdleTimeout = 600 * time.Millisecond })
	a, _ := assemble(t, c.Stream(context.Background(), simpleRequest()))
	if a.Message().Text() != "hello" {
		t.Errorf("text %q", a.Message().Text())
	}
}
