package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// recorder keeps the Authorization headers a handler saw.
type recorder struct {
	mu   sync.Mutex
	auth []string
	next http.Handler
}

func (r *recorder) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	r.mu.Lock()
	r.auth = append(r.auth, req.Header.Get("Authorization"))
	r.mu.Unlock()
	r.next.ServeHTTP(w, req)
}

func (r *recorder) all(want string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, a := range r.auth {
		if a != want {
			return false
		}
	}
	return len(r.auth) > 0
}

// TestRemoteTransports runs the client against the fixture over
// streamable HTTP (JSON and event-stream answers) and legacy SSE:
// connect, list, call (with progress), with the entry's headers
// (expanded) on every request.
func TestRemoteTransports(t *testing.T) {
	f := newFixture()
	defer f.wg.Wait()
	for _, tt := range []struct {
		kind    string
		handler http.Handler
	}{
		{TypeHTTP, streamableHandler(f)},
		{TypeSSE, sseHandler(f)},
	} {
		t.Run(tt.kind, func(t *testing.T) {
			rec := &recorder{next: tt.handler}
			ts := httptest.NewServer(rec)
			defer ts.Close()
			s := Server{Name: "remote", Source: "test", Config: ServerConfig{Type: tt.kind, URL: ts.URL,
				Headers: map[string]string{"Authorization": "Bearer ${TOKEN}"}}}
			m := Start(&Loaded{Servers: []Server{s}}, Options{StartTimeout: generous,
				Getenv: func(k string) (string, bool) { return map[string]string{"TOKEN": "t0k"}[k], k == "TOKEN" }})
			defer m.Close()
			m.Wait(context.Background(), generous)
			if st := m.Status()[0]; st.State != StateConnected || len(st.Tools) != 6 {
				t.Fatalf("status %+v", st)
			}
			got := textOf(t)(m.Call(context.Background(), "remote", "echo", json.RawMessage(`{"text":"over `+tt.kind+`"}`), nil))
			var steps int
			textOf(t)(m.Call(context.Background(), "remote", "progress", nil, func(Progress) { steps++ }))
			if got != "echo: over "+tt.kind || steps != 3 {
				t.Errorf("echo %q, %d progress notifications", got, steps)
			}
			if !rec.all("Bearer t0k") {
				t.Errorf("Authorization headers seen: %q", rec.auth)
			}
		})
	}
}

// TestHTTPNeedsAuth: a server answering 401 fails with what to do.
func TestHTTPNeedsAuth(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "no", http.StatusUnauthorized)
	}))
	defer ts.Close()
	m := start(t, Server{Name: "locked", Source: "test", Config: ServerConfig{Type: TypeHTTP, URL: ts.URL}})
	st := m.Status()[0]
	if st.State != StateNeedsAuth || !strings.Contains(st.Error, "asks for authorization (HTTP 401)") ||
		!strings.Contains(st.Error, "--header 'Authorization: Bearer") {
		t.Errorf("status %+v", st)
	}
	if _, err := m.Call(context.Background(), "locked", "x", nil, nil); !errors.Is(err, ErrNotConnected) {
		t.Errorf("call: %v", err)
	}
}
