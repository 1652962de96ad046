package webfetch

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"corvid/internal/tool"
)

func TestSameHostRedirectFollowed(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/old":
			http.Redirect(w, r, "/hop", http.StatusMovedPermanently)
		case "/hop":
			http.Redirect(w, r, "/new", http.StatusTemporaryRedirect)
		default:
			serve("text/plain", "arrived at "+r.URL.Path)(w, r)
		}
	})
	run := call(t, context.Background(), New(Options{Client: srv.Client()}), srv.URL+"/old", "p")
	if run.Result.IsError || !strings.Contains(run.Text(), "arrived at /new") {
		t.Fatalf("got %v %q", run.Result.IsError, run.Text())
	}
	if out := structured(t, run.Result); out.Code != 200 || out.URL != srv.URL+"/old" {
		t.Errorf("structured = %+v", out)
	}
	golden(t, "redirect_same_host", run.Text(), srv)
}

func TestCrossHostRedirectReported(t *testing.T) {
	other := newServer(t, serve("text/plain", "elsewhere"))
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/landing", http.StatusFound)
	})
	run := call(t, context.Background(), New(Options{Client: srv.Client()}), srv.URL+"/start", "summarise it")
	if run.Result.IsError {
		t.Fatalf("cross-host redirect is an error: %s", run.Text())
	}
	if other.hits.Load() != 0 {
		t.Errorf("the other host was fetched")
	}
	out := structured(t, run.Result)
	if out.Code != http.StatusFound || out.CodeText != "Found" || out.Bytes != len(run.Text()) {
		t.Errorf("structured = %+v", out)
	}
	golden(t, "redirect_cross_host", run.Text(), srv, other)
}

func TestTooManyRedirects(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, r.URL.Path+"x", http.StatusFound)
	})
	run := call(t, context.Background(), New(Options{Client: srv.Client()}), srv.URL+"/", "p")
	if !run.Result.IsError || srv.hits.Load() != maxRedirects+1 {
		t.Fatalf("IsError %v after %d requests: %s", run.Result.IsError, srv.hits.Load(), run.Text())
	}
	golden(t, "too_many_redirects", run.Text(), srv)
}

func TestCache(t *testing.T) {
	srv := newServer(t, serve("text/plain", "cached page"))
	clock := newClock()
	tl := New(Options{Client: srv.Client(), Now: clock.Now})
	steps := []struct {
		advance  time.Duration
		url      string
		wantHits int64
	}{
		{0, "/a", 1},
		{14 * time.Minute, "/a", 1}, // within 15 minutes: cached
		{0, "/a#section", 1},        // the fragment is not part of the key
		{0, "/b", 2},                // another URL
		{2 * time.Minute, "/a", 3},  // 16 minutes after the first fetch: stale
	}
	for i, st := range steps {
		clock.Advance(st.advance)
		run := call(t, context.Background(), tl, srv.URL+st.url, "p")
		if run.Result.IsError || !strings.Contains(run.Text(), "cached page") {
			t.Fatalf("step %d: %s", i, run.Text())
		}
		if got := srv.hits.Load(); got != st.wantHits {
			t.Errorf("step %d: %d requests, want %d", i, got, st.wantHits)
		}
	}
}

func TestSummarizer(t *testing.T) {
	srv := newServer(t, serve("text/html", "<html><body><p>Version 2.3 adds streaming.</p></body></html>"))
	sum := &fakeSummarizer{answer: "It adds streaming."}
	run := call(t, context.Background(), New(Options{Client: srv.Client(), Summarizer: sum}), srv.URL, "What changed?")
	if run.Result.IsError || run.Text() != "It adds streaming." {
		t.Fatalf("got %v %q", run.Result.IsError, run.Text())
	}
	calls := sum.Calls()
	if len(calls) != 1 || calls[0].prompt != "What changed?" || calls[0].content != "Version 2.3 adds streaming." {
		t.Errorf("summariser calls = %q", calls)
	}
	golden(t, "summary", run.Text(), srv)
}

func TestSummarizerFailures(t *testing.T) {
	tests := []struct {
		name string
		sum  *fakeSummarizer
	}{
		{"summarizer_error", &fakeSummarizer{err: errors.New("model overloaded")}},
		{"summarizer_empty", &fakeSummarizer{answer: " \n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newServer(t, serve("text/plain", "content"))
			run := call(t, context.Background(), New(Options{Client: srv.Client(), Summarizer: tt.sum}), srv.URL+"/doc", "p")
			if !run.Result.IsError {
				t.Fatalf("not an error: %s", run.Text())
			}
			golden(t, tt.name, run.Text(), srv)
		})
	}
}

// blockingSummarizer signals that it was called and waits for its ctx.
type blockingSummarizer struct{ arrived chan struct{} }

func (s blockingSummarizer) Summarize(ctx context.Context, _, _ string) (string, error) {
	close(s.arrived)
	<-ctx.Done()
	return "", ctx.Err()
}

func TestCancellation(t *testing.T) {
	tests := []struct {
		name  string
		stage string // where the call is when it is cancelled
	}{{"during_fetch", "fetch"}, {"during_summary", "summary"}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			arrived := make(chan struct{})
			srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
				if tt.stage == "fetch" {
					close(arrived)
					<-r.Context().Done()
					return
				}
				serve("text/plain", "content")(w, r)
			})
			opts := Options{Client: srv.Client()}
			if tt.stage == "summary" {
				opts.Summarizer = blockingSummarizer{arrived}
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			go func() {
				select {
				case <-arrived:
					cancel()
				case <-ctx.Done():
				}
			}()
			run := call(t, ctx, New(opts), srv.URL, "p")
			if !run.Result.IsError || !strings.Contains(run.Text(), "WebFetch was cancelled") {
				t.Fatalf("got %v %q", run.Result.IsError, run.Text())
			}
		})
	}
}

func TestTimeout(t *testing.T) {
	srv := newServer(t, func(_ http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	run := call(t, context.Background(), New(Options{Client: srv.Client(), Timeout: 50 * time.Millisecond}), srv.URL+"/slow", "p")
	if !run.Result.IsError {
		t.Fatalf("not an error: %s", run.Text())
	}
	golden(t, "timeout", run.Text(), srv)
}

func TestNetworkError(t *testing.T) {
	client := &http.Client{Transport: roundTripper(func(*http.Request) (*http.Response, error) { return nil, errNoNetwork })}
	run := call(t, context.Background(), New(Options{Client: client}), "https://example.com/", "p")
	if !run.Result.IsError {
		t.Fatalf("not an error: %s", run.Text())
	}
	golden(t, "network_error", run.Text())
}

func TestConcurrentCalls(t *testing.T) {
	srv := newServer(t, serve("text/plain", "shared"))
	tl := New(Options{Client: srv.Client(), Summarizer: &fakeSummarizer{answer: "ok"}})
	done := make(chan tool.Result, 8)
	for i := range 8 {
		go func() {
			path := []string{"/a", "/b"}[i%2]
			done <- *call(t, context.Background(), tl, srv.URL+path, "p").Result
		}()
	}
	for range 8 {
		if r := <-done; r.IsError || r.TextOf() != "ok" {
			t.Errorf("got %v %q", r.IsError, r.TextOf())
		}
	}
}
