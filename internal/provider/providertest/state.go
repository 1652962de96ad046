package providertest

import (
	"slices"
	"time"
)

// Caps on what a server keeps, so a long benchmark cannot grow it without
// bound. Requests past the cap are still served and checked.
const (
	maxRecorded   = 10000
	maxViolations = 1000
)

// state is a server's mutable state; Server.mu guards it.
type state struct {
	main     queue
	routes   []routeQueue
	loop     bool
	inflight int
	finished chan struct{}
	done     bool // finished is closed

	seq        int // requests received
	taken      int // requests that took a scripted turn
	exchanges  []*exchange
	violations []Violation
}

// exchange is one request and what the server did with it.
type exchange struct {
	req    Request
	events []StreamEvent
}

func (st *state) init(sc Scenario) {
	st.main, st.loop = queue{turns: slices.Clone(sc.Turns)}, sc.Loop && len(sc.Turns) > 0
	for _, r := range sc.Routes {
		st.routes = append(st.routes, routeQueue{marker: r.Marker, queue: queue{turns: slices.Clone(r.Turns)}})
	}
	st.finished = make(chan struct{})
	st.maybeFinish()
}

func (st *state) remaining() int {
	n := st.main.remaining()
	for i := range st.routes {
		n += st.routes[i].remaining()
	}
	return n
}

func (st *state) maybeFinish() {
	if !st.done && !st.loop && st.inflight == 0 && st.remaining() == 0 {
		st.done = true
		close(st.finished)
	}
}

// enter registers a request that just arrived.
func (s *Server) enter() *exchange {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := &s.state
	ex := &exchange{req: Request{Index: st.seq, Turn: -1, Received: time.Now()}}
	st.seq++
	st.inflight++
	if len(st.exchanges) < maxRecorded {
		st.exchanges = append(st.exchanges, ex)
	}
	return ex
}

// leave marks a request's response finished.
func (s *Server) leave() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.state.inflight--
	s.state.maybeFinish()
}

// take consumes the next scripted turn of the script req belongs to
// (a route's, or the main one) and names the route ("" for the main
// script).
func (s *Server) take(req Request) (t Turn, index int, route string, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := &s.state
	q := &st.main
	if r := st.route(req); r != nil {
		q, route = &r.queue, r.marker
	}
	t, index, ok = q.take(st.loop)
	if ok {
		st.taken++
	}
	return t, index, route, ok
}

// Taken is how many requests have taken their scripted turn. A request
// is recorded (Requests) as soon as it arrives, before its body is read;
// a client that leaves in between never takes its turn, which the
// cleanup then reports as never arrived. Tests that cut a client off
// mid-answer wait for Taken, not for Requests.
func (s *Server) Taken() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state.taken
}

// Remaining is how many more requests the script will answer.
func (s *Server) Remaining() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state.remaining()
}

// Finished is closed once every scripted turn has been played and every
// response has been written out.
func (s *Server) Finished() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state.finished
}
