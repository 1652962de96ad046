package providertest

import (
	"net/http"
	"slices"
	"strings"
	"time"

	"corvid/internal/provider"
)

// Request is one recorded request and the server's answer to it.
type Request struct {
	Index    int // 0-based arrival order
	Received time.Time

	Method, Path, RawQuery string
	Header                 http.Header
	Body                   []byte // raw body as received
	// APIKey is the x-api-key header, or else the Authorization bearer
	// token.
	APIKey string

	// The decoded body. DecodeErr is set when it was not valid JSON.
	Model     string
	MaxTokens int
	Stream    bool
	System    []provider.Block
	Tools     []provider.ToolDef
	Messages  []provider.Message
	Thinking  *provider.Thinking
	DecodeErr error

	// Turn is the index of the scripted turn that answered, -1 for none;
	// Status is the HTTP status sent (0 when a stalled request was left
	// before any answer).
	Turn   int
	Status int
	// Route is the marker of the Scenario route whose script answered
	// (Turn then indexes that route's turns); "" for the main script.
	Route string
	// Cache is what the prompt-cache model decided; nil when the
	// scenario has no PromptCache or no stream was served.
	Cache *CacheUsage
}

// StreamEvent is one SSE event as the server wrote it.
type StreamEvent struct {
	Name  string    // message_start, content_block_stop, error, …
	Index int       // content block index; -1 for message-level events
	At    time.Time // just before it was written and flushed
}

// Timeline is the send times of one request's stream.
type Timeline struct {
	Request  int
	Received time.Time
	Events   []StreamEvent
}

// BlockStops is when each content_block_stop was sent, in block order.
func (tl Timeline) BlockStops() []time.Time {
	var out []time.Time
	for _, ev := range tl.Events {
		if ev.Name == "content_block_stop" {
			out = append(out, ev.At)
		}
	}
	return out
}

// MessageStop is when message_stop was sent; false if it never was.
func (tl Timeline) MessageStop() (time.Time, bool) {
	for _, ev := range tl.Events {
		if ev.Name == "message_stop" {
			return ev.At, true
		}
	}
	return time.Time{}, false
}

// Requests returns a copy of every recorded request, in arrival order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Request, len(s.state.exchanges))
	for i, ex := range s.state.exchanges {
		out[i] = ex.req
		out[i].Header = ex.req.Header.Clone()
		if c := ex.req.Cache; c != nil {
			out[i].Cache = new(*c)
		}
	}
	return out
}

// Timeline returns the event send times of every recorded request. An
// event is recorded just after it is flushed, so a client may read it a
// moment before its record exists: wait on Finished for complete timelines.
func (s *Server) Timeline() []Timeline {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Timeline, len(s.state.exchanges))
	for i, ex := range s.state.exchanges {
		out[i] = Timeline{Request: ex.req.Index, Received: ex.req.Received, Events: slices.Clone(ex.events)}
	}
	return out
}

// recordHTTP stores the request line, headers and raw body.
func (s *Server) recordHTTP(ex *exchange, r *http.Request, body []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	q := &ex.req
	q.Method, q.Path, q.RawQuery = r.Method, r.URL.Path, r.URL.RawQuery
	q.Header = r.Header.Clone()
	q.Body = body
	q.APIKey = apiKey(r.Header)
	if s.sc.ForgetBodies {
		for _, old := range s.state.exchanges {
			if old != ex {
				old.req.Body, old.req.System, old.req.Tools, old.req.Messages = nil, nil, nil, nil
			}
		}
	}
}

func (s *Server) recordBody(ex *exchange, decoded Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	q := &ex.req
	q.Model, q.MaxTokens, q.Stream = decoded.Model, decoded.MaxTokens, decoded.Stream
	q.System, q.Tools, q.Messages, q.Thinking = decoded.System, decoded.Tools, decoded.Messages, decoded.Thinking
	q.DecodeErr = decoded.DecodeErr
}

func (s *Server) recordOutcome(ex *exchange, turn, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ex.req.Turn, ex.req.Status = turn, status
}

func (s *Server) recordCache(ex *exchange, u CacheUsage) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ex.req.Cache = &u
}

func (s *Server) recordEvent(ex *exchange, ev sseEvent, at time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ex.events = append(ex.events, StreamEvent{Name: ev.name, Index: ev.index, At: at})
}

func apiKey(h http.Header) string {
	if k := h.Get("X-Api-Key"); k != "" {
		return k
	}
	auth := h.Get("Authorization")
	if token, ok := strings.CutPrefix(auth, "Bearer "); ok {
		return token
	}
	return auth
}
