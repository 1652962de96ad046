package anthropic

import (
	"errors"
	"fmt"
	"io"
	"iter"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"corvid/internal/provider"
)

// newTestClient returns a client for baseURL with an API key, adjusted by
// the optional edit.
func newTestClient(t *testing.T, baseURL string, edit ...func(*Config)) *Client {
	t.Helper()
	cfg := Config{APIKey: "sk-test", BaseURL: baseURL, UserAgent: "corvid/test"}
	for _, e := range edit {
		e(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// collect drains a stream, returning its events and its final error.
func collect(seq iter.Seq2[provider.Event, error]) ([]provider.Event, error) {
	var evs []provider.Event
	for ev, err := range seq {
		if err != nil {
			return evs, err
		}
		evs = append(evs, ev)
	}
	return evs, nil
}

// assemble drains a stream through provider.Assembler.
func assemble(t *testing.T, seq iter.Seq2[provider.Event, error]) (*provider.Assembler, []provider.Event) {
	t.Helper()
	a := provider.NewAssembler()
	evs, err := collect(seq)
	if err != nil {
		t.Fatalf("stream failed: %v", err)
	}
	for _, ev := range evs {
		if _, _, err := a.Add(ev); err != nil {
			t.Fatalf("assembler: %v", err)
		}
	}
	return a, evs
}

// apiError asserts that err is an *APIError.
func apiError(t *testing.T, err error) *provider.APIError {
	t.Helper()
	if err == nil {
		t.Fatal("stream succeeded, want an error")
	}
	var ae *provider.APIError
	if !errors.As(err, &ae) {
		t.Fatalf("error %T %v is not an *APIError", err, err)
	}
	return ae
}

// simpleRequest is a one-message request.
func simpleRequest() *provider.Request {
	return &provider.Request{Model: "claude-sonnet-4-5", MaxTokens: 1024,
		Messages: []provider.Message{{Role: provider.RoleUser, Content: []provider.Block{provider.TextBlock("hi")}}}}
}

// sse formats one server-sent event.
func sse(name, data string) string {
	if name == "" {
		return "data: " + data + "\n\n"
	}
	return fmt.Sprintf("event: %s\ndata: %s\n\n", name, data)
}

// Canned events for hand-written streams.
const (
	evMessageStart = `{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-x","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":5,"output_tokens":1}}}`
	evTextStart    = `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`
	evTextDelta    = `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"hello"}}`
	evBlockStop0   = `{"type":"content_block_stop","index":0}`
	evMessageDelta = `{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":3}}`
	evMessageStop  = `{"type":"message_stop"}`
)

// helloStream is a complete one-text-block response.
func helloStream() []string {
	return []string{sse("message_start", evMessageStart), sse("content_block_start", evTextStart),
		sse("content_block_delta", evTextDelta), sse("content_block_stop", evBlockStop0),
		sse("message_delta", evMessageDelta), sse("message_stop", evMessageStop)}
}

// sseServer serves the given events to every request.
func sseServer(t *testing.T, events ...string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for _, ev := range events {
			_, _ = io.WriteString(w, ev)
			w.(http.Flusher).Flush()
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// closeRecorder is a transport that counts closed response bodies.
type closeRecorder struct {
	closed atomic.Int32
}

func (c *closeRecorder) RoundTrip(r *http.Request) (*http.Response, error) {
	res, err := http.DefaultTransport.RoundTrip(r)
	if err != nil {
		return nil, err
	}
	res.Body = &recordingBody{ReadCloser: res.Body, closed: &c.closed}
	return res, nil
}

type recordingBody struct {
	io.ReadCloser
	closed *atomic.Int32
	once   atomic.Bool
}

func (b *recordingBody) Close() error {
	if b.once.CompareAndSwap(false, true) {
		b.closed.Add(1)
	}
	return b.ReadCloser.Close()
}
