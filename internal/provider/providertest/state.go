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
	turns    []Turn
	loop     bool
	next     int // index of the turn being played
	used     int // requests already answered by turns[next]
	inflight int
	finished chan struct{}
	done     bool // finished is closed

	seq        int // requests received
	exchanges  []*exchange
	violations []Violation
}

// exchange is one request and what the server did with it.
type exchange struct {
	req    Request
	events []StreamEvent
}

func (st *state) init(sc Scenario) {
	st.turns, st.loop = slices.Clone(sc.Turns), sc.Loop && len(sc.Turns) > 0
	st.finished = make(chan struct{})
	st.maybeFinish()
}

func (st *state) remaining() int {
	n := 0
	for i := st.next; i < len(st.turns); i++ {
		n += st.turns[i].repeats()
	}
	return n - st.used
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

// take consumes the next scripted turn.
func (s *Server) take() (t Turn, index int, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := &s.state
	if st.next >= len(st.turns) && st.loop {
		st.next, st.used = 0, 0
	}
	if st.next >= len(st.turns) {
		return Turn{}, -1, false
	}
	t, index = st.turns[st.next], st.next
	if st.used++; st.used >= t.repeats() {
		st.next, st.used = st.next+1, 0
	}
	return t, index, true
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
