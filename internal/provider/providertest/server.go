package providertest

import (
	"context"
	"fmt"
	"net"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// Server is a running fake Messages API. It is safe for concurrent use.
type Server struct {
	// URL is the base URL, e.g. http://127.0.0.1:41234, to use as
	// ANTHROPIC_BASE_URL; requests go to URL+"/v1/messages".
	URL string

	srv       *httptest.Server
	sc        Scenario
	closing   chan struct{} // closed by Close: pending delays give up
	closeOnce sync.Once
	cache     *promptCache // nil unless the scenario has a PromptCache

	mu    sync.Mutex
	state state
}

// New starts a server on a loopback port playing sc. It panics if sc is
// invalid (see Scenario.Validate); use Listen to get an error instead.
func New(sc Scenario) *Server {
	s, err := start(sc, nil)
	if err != nil {
		panic(err)
	}
	return s
}

// Listen starts a server playing sc on addr (e.g. "127.0.0.1:0").
func Listen(sc Scenario, addr string) (*Server, error) {
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("providertest: listen: %w", err)
	}
	return start(sc, l)
}

// Start starts a server for a test. At cleanup it closes the server and
// fails the test for every recorded violation and, unless the scenario
// allows it, for turns that were never played.
func Start(t testing.TB, sc Scenario) *Server {
	t.Helper()
	if err := sc.Validate(); err != nil {
		t.Fatal(err)
	}
	s := New(sc)
	t.Cleanup(func() {
		s.Close()
		s.check(t)
	})
	return s
}

func start(sc Scenario, l net.Listener) (*Server, error) {
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	s := &Server{sc: sc, closing: make(chan struct{})}
	if sc.PromptCache != nil {
		s.cache = newPromptCache(*sc.PromptCache)
	}
	s.state.init(sc)
	s.srv = httptest.NewUnstartedServer(s)
	if l != nil {
		s.srv.Listener.Close()
		s.srv.Listener = l
	}
	s.srv.Start()
	s.URL = s.srv.URL
	return s, nil
}

// closeGrace is how long Close lets finished responses drain before it
// drops the connections that are left.
const closeGrace = 500 * time.Millisecond

// Close stops the server. Scripted delays end at once and responses get
// closeGrace to drain; then every connection is dropped, so Close never
// waits on a client that keeps a connection open. It is idempotent.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		close(s.closing)
		ctx, cancel := context.WithTimeout(context.Background(), closeGrace)
		defer cancel()
		_ = s.srv.Config.Shutdown(ctx) // deadline exceeded is expected: see above
		s.srv.CloseClientConnections()
		s.srv.Close()
	})
}

// check reports violations and unplayed turns as test errors.
func (s *Server) check(t testing.TB) {
	t.Helper()
	for _, v := range s.Violations() {
		t.Errorf("providertest: %v", v)
	}
	if n := s.Remaining(); n > 0 && !s.sc.AllowUnused {
		t.Errorf("providertest: scenario %q: %d scripted request(s) never arrived", s.sc.Name, n)
	}
}
