package providertest

import (
	"strings"

	"corvid/internal/provider"
)

// Route is the script of one nested conversation, such as a sub-agent:
// the requests it owns are answered from its own turns, apart from the
// main script, so that conversations running in parallel each get
// their own answers whatever order their requests arrive in.
type Route struct {
	// Marker selects the route: a request belongs to the first route
	// whose marker occurs in its system prompt or in its first user
	// message.
	Marker string `json:"marker"`
	Turns  []Turn `json:"turns"`
}

// queue is one script being played.
type queue struct {
	turns []Turn
	next  int // index of the turn being played
	used  int // requests already answered by turns[next]
}

// routeQueue is a route's script being played.
type routeQueue struct {
	marker string
	queue
}

func (q *queue) remaining() int {
	n := 0
	for i := q.next; i < len(q.turns); i++ {
		n += q.turns[i].repeats()
	}
	return n - q.used
}

// take consumes the next turn; with loop an exhausted script starts
// again.
func (q *queue) take(loop bool) (Turn, int, bool) {
	if q.next >= len(q.turns) && loop && len(q.turns) > 0 {
		q.next, q.used = 0, 0
	}
	if q.next >= len(q.turns) {
		return Turn{}, -1, false
	}
	t, index := q.turns[q.next], q.next
	if q.used++; q.used >= t.repeats() {
		q.next, q.used = q.next+1, 0
	}
	return t, index, true
}

// route returns the route req belongs to, or nil for the main script.
func (st *state) route(req Request) *routeQueue {
	if len(st.routes) == 0 {
		return nil
	}
	text := routingText(req)
	for i := range st.routes {
		if strings.Contains(text, st.routes[i].marker) {
			return &st.routes[i]
		}
	}
	return nil
}

// routingText is what a marker is looked for in: the system prompt and
// the text of the first user message.
func routingText(req Request) string {
	var b strings.Builder
	for _, blk := range req.System {
		b.WriteString(blk.Text)
		b.WriteByte('\n')
	}
	for _, m := range req.Messages {
		if m.Role != provider.RoleUser {
			continue
		}
		for _, blk := range m.Content {
			b.WriteString(blk.Text)
			b.WriteByte('\n')
		}
		break
	}
	return b.String()
}

func (s *Server) recordRoute(ex *exchange, route string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ex.req.Route = route
}

// exhaustedDetail describes a request that found no turn left.
func exhaustedDetail(route string) string {
	if route == "" {
		return "request arrived after the last scripted turn"
	}
	return "request arrived after the last scripted turn of route " + route
}
