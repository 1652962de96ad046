package providertest

import (
	"errors"
	"fmt"
	"io"
	"net/http"
)

// maxBodyBytes caps a request body, like the API's own request size limit.
const maxBodyBytes = 32 << 20

// ServeHTTP answers one request with the next scripted turn.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ex := s.enter()
	defer s.leave()
	reqID := fmt.Sprintf("req_fake%06d", ex.req.Index)
	w.Header().Set("Request-Id", reqID)
	decoded, herr := s.admit(w, r, ex)
	if herr != nil {
		s.answerError(w, ex, -1, *herr, reqID)
		return
	}
	t, turn, route, ok := s.take(decoded)
	s.recordRoute(ex, route)
	switch {
	case !ok:
		s.violate(ex, Violation{Kind: ViolationExhausted, Detail: exhaustedDetail(route)})
		s.answerError(w, ex, -1, newHTTPError(http.StatusInternalServerError, "providertest: scenario exhausted"), reqID)
	case t.failsHTTP():
		s.answerError(w, ex, turn, turnError(t), reqID)
	case t.Stall == StallHeaders && !silence(r.Context(), s.closing, t.StallFor):
		// The client left, or the server is closing: drop the connection
		// without an answer (returning would send an empty 200).
		s.recordOutcome(ex, turn, 0)
		panic(http.ErrAbortHandler)
	default:
		s.stream(w, r, ex, fillFromResults(s.priceCache(ex, decoded, t), decoded), turn, decoded.Model)
	}
}

// admit reads, records and checks a request; a non-nil error is the
// answer to send instead of a scripted turn.
func (s *Server) admit(w http.ResponseWriter, r *http.Request, ex *exchange) (Request, *httpError) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	s.recordHTTP(ex, r, body)
	if herr := s.checkRead(ex, err); herr != nil {
		return Request{}, herr
	}
	if r.Method != http.MethodPost || r.URL.Path != "/v1/messages" {
		return Request{}, s.reject(ex, http.StatusNotFound, fmt.Sprintf("providertest: no route for %s %s", r.Method, r.URL.Path))
	}
	decoded := decodeBody(body)
	decoded.Body = body
	s.recordBody(ex, decoded)
	if decoded.DecodeErr != nil {
		return decoded, s.reject(ex, http.StatusBadRequest, decoded.DecodeErr.Error())
	}
	s.violate(ex, checkConversation(decoded.Messages)...)
	if key := s.sc.RequireAPIKey; key != "" && apiKey(r.Header) != key {
		herr := newHTTPError(http.StatusUnauthorized, "invalid x-api-key")
		return decoded, &herr
	}
	if !decoded.Stream {
		return decoded, s.reject(ex, http.StatusBadRequest, "providertest: only streaming requests (\"stream\": true) are supported")
	}
	if msg := checkCacheControl(decoded); msg != "" {
		s.violate(ex, Violation{Kind: ViolationCacheControl, Detail: msg})
		herr := newHTTPError(http.StatusBadRequest, msg)
		return decoded, &herr
	}
	return decoded, nil
}

func (s *Server) checkRead(ex *exchange, err error) *httpError {
	if err == nil {
		return nil
	}
	if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
		return s.reject(ex, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body exceeds %d bytes", maxBodyBytes))
	}
	// The client went away mid-body: nobody will read the answer.
	herr := newHTTPError(http.StatusBadRequest, "providertest: reading request body: "+err.Error())
	return &herr
}

// reject records a bad_request violation and returns the error to send.
func (s *Server) reject(ex *exchange, status int, message string) *httpError {
	s.violate(ex, Violation{Kind: ViolationBadRequest, Detail: message})
	herr := newHTTPError(status, message)
	return &herr
}

func (s *Server) answerError(w http.ResponseWriter, ex *exchange, turn int, e httpError, reqID string) {
	s.recordOutcome(ex, turn, e.status)
	e.write(w, reqID)
}

// violate records violations found on ex's request.
func (s *Server) violate(ex *exchange, vs ...Violation) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, v := range vs {
		if len(s.state.violations) >= maxViolations {
			return
		}
		v.Request = ex.req.Index
		s.state.violations = append(s.state.violations, v)
	}
}

// Violations returns a copy of every violation recorded so far.
func (s *Server) Violations() []Violation {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Violation(nil), s.state.violations...)
}
