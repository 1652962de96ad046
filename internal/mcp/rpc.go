package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"corvid/internal/jsonrpc"
)

// wire carries JSON-RPC messages to and from one server.
type wire interface {
	// Send writes one message.
	Send(ctx context.Context, msg []byte) error
	// Recv returns the next message; an error ends the session.
	Recv() ([]byte, error)
	// Close ends the wire; Recv then returns an error.
	Close() error
}

// RPCError is a JSON-RPC error answer.
type RPCError = jsonrpc.Error

// envelope is any JSON-RPC message.
type envelope = jsonrpc.Message

type answer struct {
	result json.RawMessage
	err    error
}

// cancelBound bounds sending notifications/cancelled.
const cancelBound = time.Second

// session is a JSON-RPC client over a wire: numbered calls, notifications
// delivered in order to notify, and the server's own requests answered
// (ping; anything else is "method not found").
type session struct {
	w      wire
	notify func(method string, params json.RawMessage)

	mu      sync.Mutex
	next    int64
	pending map[int64]chan answer
	err     error         // why the session ended
	done    chan struct{} // closed when the read loop ended
}

func newSession(w wire, notify func(string, json.RawMessage)) *session {
	s := &session{w: w, notify: notify, pending: map[int64]chan answer{}, done: make(chan struct{})}
	go s.read()
	return s
}

func (s *session) read() {
	defer close(s.done)
	for {
		b, err := s.w.Recv()
		if err == nil {
			err = s.dispatch(b)
		}
		if err != nil {
			s.fail(err)
			return
		}
	}
}

// dispatch handles one message from the server.
func (s *session) dispatch(b []byte) error {
	m, err := jsonrpc.Decode(b)
	if err != nil {
		return &ProtocolError{Got: clip(b)}
	}
	switch {
	case m.IsRequest():
		s.answerServer(m)
	case m.IsNotification():
		if s.notify != nil {
			s.notify(m.Method, m.Params)
		}
	default:
		var id int64
		if json.Unmarshal(m.ID, &id) != nil {
			return nil // not an id corvid sent
		}
		s.mu.Lock()
		ch := s.pending[id]
		delete(s.pending, id)
		s.mu.Unlock()
		if ch != nil {
			a := answer{result: m.Result}
			if m.Error != nil {
				a.err = m.Error
			}
			ch <- a
		}
	}
	return nil
}

// answerServer replies to a request the server sent.
func (s *session) answerServer(m *jsonrpc.Message) {
	var e *RPCError
	if m.Method != "ping" {
		e = &RPCError{Code: jsonrpc.CodeMethodNotFound, Message: "corvid does not support " + m.Method}
	}
	b, _ := jsonrpc.Response(m.ID, nil, e)
	ctx, cancel := context.WithTimeout(context.Background(), cancelBound)
	defer cancel()
	_ = s.w.Send(ctx, b)
}

func clip(b []byte) string {
	b = bytes.TrimSpace(b)
	if len(b) > 80 {
		return string(b[:80]) + "…"
	}
	return string(b)
}

// fail ends the session: every pending call gets err.
func (s *session) fail(err error) {
	s.mu.Lock()
	if s.err == nil {
		s.err = err
	}
	pending := s.pending
	s.pending = map[int64]chan answer{}
	s.mu.Unlock()
	for _, ch := range pending {
		ch <- answer{err: fmt.Errorf("%w: %w", errClosed, err)}
	}
}

// errClosed marks a call that ended because the connection did.
var errClosed = errors.New("the connection closed")

// call sends a request and decodes the answer into result (nil: ignore
// it). Cancelling ctx sends notifications/cancelled and returns ctx's error.
func (s *session) call(ctx context.Context, method string, params, result any) error {
	ch := make(chan answer, 1)
	s.mu.Lock()
	if s.err != nil {
		err := s.err
		s.mu.Unlock()
		return fmt.Errorf("%w: %w", errClosed, err)
	}
	s.next++
	id := s.next
	s.pending[id] = ch
	s.mu.Unlock()
	b, err := jsonrpc.Request(id, method, params)
	if err == nil {
		err = s.w.Send(ctx, b)
	}
	if err != nil {
		s.forget(id)
		return fmt.Errorf("sending %s: %w", method, err)
	}
	select {
	case a := <-ch:
		if a.err != nil || result == nil {
			return a.err
		}
		if err := json.Unmarshal(a.result, result); err != nil {
			return fmt.Errorf("reading the answer to %s: %v", method, err)
		}
		return nil
	case <-ctx.Done():
		s.forget(id)
		nctx, cancel := context.WithTimeout(context.Background(), cancelBound)
		defer cancel()
		_ = s.notifyServer(nctx, "notifications/cancelled", map[string]any{"requestId": id, "reason": context.Cause(ctx).Error()})
		return ctx.Err()
	}
}

func (s *session) forget(id int64) {
	s.mu.Lock()
	delete(s.pending, id)
	s.mu.Unlock()
}

// notifyServer sends a notification.
func (s *session) notifyServer(ctx context.Context, method string, params any) error {
	b, err := jsonrpc.Request(nil, method, params)
	if err != nil {
		return err
	}
	return s.w.Send(ctx, b)
}

// close ends the wire and waits for the read loop.
func (s *session) close() {
	_ = s.w.Close()
	<-s.done
}

// ended reports whether the session is over, and why.
func (s *session) ended() (bool, error) {
	select {
	case <-s.done:
		s.mu.Lock()
		defer s.mu.Unlock()
		return true, s.err
	default:
		return false, nil
	}
}
