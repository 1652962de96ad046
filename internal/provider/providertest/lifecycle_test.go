package providertest

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"corvid/internal/provider"
)

func TestConcurrentRequests(t *testing.T) {
	const n = 32
	s := Start(t, Scenario{Turns: []Turn{{Blocks: []Block{Text("parallel hello"), ToolUse("", "Now", nil)}, Repeat: n}}})
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			ask := body(user(provider.TextBlock(strings.Repeat("x", i+1))))
			errs <- fetch(s, ask, len(wantNames(2, 2)))
		})
		// Readers race the handlers on purpose.
		wg.Go(func() { _, _, _ = s.Requests(), s.Violations(), s.Timeline() })
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	<-s.Finished()
	seen := map[int]bool{}
	for _, q := range s.Requests() {
		seen[q.Index] = true
	}
	if len(seen) != n || s.Remaining() != 0 {
		t.Errorf("%d distinct requests recorded, %d remaining", len(seen), s.Remaining())
	}
}

// fetch streams one response without touching t, for use off the test
// goroutine.
func fetch(s *Server, raw []byte, wantEvents int) error {
	resp, err := http.Post(s.URL+"/v1/messages", "application/json", bytes.NewReader(raw))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	recs, err := readSSE(resp.Body)
	if err == nil && len(recs) != wantEvents {
		err = fmt.Errorf("got %d events, want %d", len(recs), wantEvents)
	}
	return err
}

func TestCloseDoesNotWaitForClients(t *testing.T) {
	s := New(Scenario{Turns: []Turn{{Blocks: []Block{Text("slow")}, ChunkDelay: time.Hour}, {Blocks: []Block{Text("x")}}}})
	// A stream stalled in a scripted delay: read its first event so the
	// handler is known to be running.
	resp := post(t, s, hello)
	if _, err := bufio.NewReader(resp.Body).ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	// A client that sends half a body and then holds the connection. The
	// 100 Continue shows the handler is blocked reading the body.
	conn, err := net.Dial("tcp", strings.TrimPrefix(s.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_, err = conn.Write([]byte("POST /v1/messages HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 1000\r\n\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	if line, err := bufio.NewReader(conn).ReadString('\n'); err != nil || !strings.Contains(line, "100") {
		t.Fatalf("no 100 Continue: %q %v", line, err)
	}
	if _, err := conn.Write([]byte(`{"model":`)); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.Close()
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("Close hung on open connections")
	}
}

// tbRecorder captures what Start's cleanup reports.
type tbRecorder struct {
	testing.TB
	mu       sync.Mutex
	errs     []string
	cleanups []func()
}

func (r *tbRecorder) Helper() {}

func (r *tbRecorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, format)
}

func (r *tbRecorder) Cleanup(f func()) { r.cleanups = append(r.cleanups, f) }

func (r *tbRecorder) finish() []string {
	for i := len(r.cleanups) - 1; i >= 0; i-- {
		r.cleanups[i]()
	}
	return r.errs
}

func TestStartChecksAtCleanup(t *testing.T) {
	two := []Turn{{Blocks: []Block{Text("a")}}, {Blocks: []Block{Text("b")}}}
	tests := []struct {
		name     string
		sc       Scenario
		requests [][]byte
		failures int
	}{
		{"all played", Scenario{Turns: two}, [][]byte{hello, hello}, 0},
		{"unused turn", Scenario{Turns: two}, [][]byte{hello}, 1},
		{"unused allowed", Scenario{Turns: two, AllowUnused: true}, [][]byte{hello}, 0},
		{"violation", Scenario{Turns: two}, [][]byte{hello, body(user())}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := &tbRecorder{TB: t}
			s := Start(rec, tc.sc)
			for _, raw := range tc.requests {
				if _, err := stream(t, s, raw); err != nil {
					t.Fatal(err)
				}
			}
			if errs := rec.finish(); len(errs) != tc.failures {
				t.Errorf("cleanup reported %q, want %d failure(s)", errs, tc.failures)
			}
		})
	}
}

func TestFinishedWithEmptyScript(t *testing.T) {
	s := New(Scenario{})
	defer s.Close()
	select {
	case <-s.Finished():
	default:
		t.Error("an empty script is not finished")
	}
	resp := post(t, s, hello)
	if resp.StatusCode != http.StatusInternalServerError {
		t.Errorf("status %d", resp.StatusCode)
	}
}
