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

	"go.uber.org/goleak"

	"corvid/internal/provider"
	"corvid/internal/provider/providertest"
)

// silentServer accepts requests and never answers them, until the client
// leaves.
func silentServer(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		<-r.Context().Done()
	}))
	t.Cleanup(srv.Close)
	return srv
}

// steadyServer sends helloStream padded with pings, one event per gap.
func steadyServer(t *testing.T, pings int, gap time.Duration) *httptest.Server {
	t.Helper()
	events := helloStream()
	padded := append([]string{events[0]}, slicesRepeat(sse("ping", `{"type":"ping"}`), pings)...)
	padded = append(padded, events[1:]...)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for i, ev := range padded {
			if i > 0 {
				select {
				case <-time.After(gap):
				case <-r.Context().Done():
					return
				}
			}
			_, _ = io.WriteString(w, ev)
			w.(http.Flusher).Flush()
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func slicesRepeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// A server that accepts the request but never sends headers is cut by
// the idle limit, as a retryable timeout before any event.
func TestIdleTimeoutBeforeHeaders(t *testing.T) {
	srv := silentServer(t)
	c := newTestClient(t, srv.URL, func(cfg *Config) { cfg.IdleTimeout = 100 * time.Millisecond })
	evs, err := collect(c.Stream(t.Context(), simpleRequest()))
	e := apiError(t, err)
	var te *TimeoutError
	if e.Cause != provider.CauseTimeout || !errors.As(err, &te) || !te.Idle || len(evs) != 0 ||
		e.MidStream || !e.Retryable() || !strings.Contains(e.Error(), "no data from the API for 100ms") {
		t.Errorf("got %+v after %d events", e, len(evs))
	}
}

// The total limit cuts a response that keeps streaming: 40 gaps of 20ms
// take 800ms, far past 300ms, while no gap comes near the idle limit.
func TestTotalTimeoutCutsASteadyStream(t *testing.T) {
	srv := steadyServer(t, 40, 20*time.Millisecond)
	c := newTestClient(t, srv.URL, func(cfg *Config) {
		cfg.Timeout, cfg.IdleTimeout = 300*time.Millisecond, 5*time.Second
	})
	evs, err := collect(c.Stream(t.Context(), simpleRequest()))
	e := apiError(t, err)
	var te *TimeoutError
	if e.Cause != provider.CauseTimeout || !errors.As(err, &te) || te.Idle || len(evs) == 0 || !e.MidStream ||
		!strings.Contains(e.Error(), "did not finish within 300ms") {
		t.Errorf("got %+v after %d events", e, len(evs))
	}
}

// A stream longer than the idle limit, whose gaps are all shorter, is
// never cut: 40 gaps of 20ms against a 300ms idle limit.
func TestSlowSteadyStreamOutlivesTheIdleLimit(t *testing.T) {
	srv := steadyServer(t, 40, 20*time.Millisecond)
	c := newTestClient(t, srv.URL, func(cfg *Config) { cfg.IdleTimeout = 300 * time.Millisecond })
	start := time.Now()
	a, _ := assemble(t, c.Stream(t.Context(), simpleRequest()))
	if a.Message().Text() != "hello" {
		t.Errorf("text %q", a.Message().Text())
	}
	if d := time.Since(start); d < 300*time.Millisecond {
		t.Fatalf("the stream took %v, shorter than the idle limit: the test proves nothing", d)
	}
}

// Time the consumer spends on an event is not the API's silence: a
// consumer that takes 3x the idle limit per event still gets the whole
// stream.
func TestSlowConsumerIsNotAStall(t *testing.T) {
	srv := sseServer(t, helloStream()...)
	// The consumer holds each event 400ms, well past the 150ms idle
	// limit, which leaves 150ms of slack for a loaded scheduler.
	c := newTestClient(t, srv.URL, func(cfg *Config) { cfg.IdleTimeout = 150 * time.Millisecond })
	n := 0
	for _, err := range c.Stream(t.Context(), simpleRequest()) {
		if err != nil {
			t.Fatalf("after %d events: %v", n, err)
		}
		n++
		time.Sleep(400 * time.Millisecond)
	}
	if n != len(helloStream()) {
		t.Errorf("%d events, want %d", n, len(helloStream()))
	}
}

// Stalled attempts leave no goroutine behind: not the timers, not the
// connections they cut.
func TestStallsLeakNoGoroutines(t *testing.T) {
	before := goleak.IgnoreCurrent()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, sse("message_start", evMessageStart))
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	tr := &http.Transport{}
	c := newTestClient(t, srv.URL, func(cfg *Config) {
		cfg.IdleTimeout, cfg.HTTPClient = 30*time.Millisecond, &http.Client{Transport: tr}
	})
	for range 5 {
		if _, err := collect(c.Stream(context.Background(), simpleRequest())); apiError(t, err).Cause != provider.CauseTimeout {
			t.Fatalf("want a timeout, got %v", err)
		}
	}
	tr.CloseIdleConnections()
	srv.Close()
	goleak.VerifyNone(t, before)
}

// Under the default total limit, a request that is never answered is cut
// by the idle limit and retried like a dropped connection.
func TestIdleStallIsRetried(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Stall: providertest.StallHeaders}, {Blocks: []providertest.Block{providertest.Text("hi")}}}})
	c := newTestClient(t, srv.URL, func(cfg *Config) { cfg.IdleTimeout = 300 * time.Millisecond })
	pol := provider.RetryPolicy{BaseDelay: time.Millisecond, MaxRetries: 2}
	var retries []*provider.RetryInfo
	for ev, err := range provider.StreamWithRetry(t.Context(), c, simpleRequest(), pol) {
		if err != nil {
			t.Fatal(err)
		}
		if ev.Type == provider.EventRetry {
			retries = append(retries, ev.Retry)
		}
	}
	if len(retries) != 1 || retries[0].Err.Cause != provider.CauseTimeout ||
		!strings.Contains(retries[0].Err.Error(), "no data from the API for 300ms") {
		t.Fatalf("retries %+v, want one after the idle limit", retries)
	}
}
