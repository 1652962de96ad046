package webfetch

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"corvid/internal/tool"
	"corvid/internal/tool/tooltest"
)

// fakeClock is a settable clock.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *fakeClock { return &fakeClock{t: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// fakeSummarizer records its calls and answers with answer or err.
type fakeSummarizer struct {
	answer string
	err    error

	mu    sync.Mutex
	calls []summaryCall
}

type summaryCall struct{ prompt, content string }

func (s *fakeSummarizer) Summarize(_ context.Context, prompt, content string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = append(s.calls, summaryCall{prompt, content})
	return s.answer, s.err
}

func (s *fakeSummarizer) Calls() []summaryCall {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]summaryCall(nil), s.calls...)
}

// server is an httptest server that counts its requests.
type server struct {
	*httptest.Server
	hits atomic.Int64
}

func newServer(t *testing.T, h http.HandlerFunc) *server {
	t.Helper()
	s := &server{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.hits.Add(1)
		h(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// serve answers every request with one content type and body.
func serve(contentType, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		if contentType != "" {
			w.Header().Set("Content-Type", contentType)
		}
		_, _ = w.Write([]byte(body))
	}
}

// call runs the tool as the engine does.
func call(t *testing.T, ctx context.Context, tl tool.Tool, url, prompt string) tooltest.Run {
	t.Helper()
	return tooltest.Call(t, ctx, tl, tooltest.Env(t.TempDir()), map[string]any{"url": url, "prompt": prompt})
}

func structured(t *testing.T, res *tool.Result) Output {
	t.Helper()
	out, ok := res.Structured.(Output)
	if !ok {
		t.Fatalf("Structured = %#v, want Output", res.Structured)
	}
	return out
}

// roundTripper serves requests without a network.
type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

var errNoNetwork = errors.New("no network in tests")
