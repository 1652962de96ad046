package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/google/uuid"
)

// reply is the host's answer to a request corvid sent.
type reply struct {
	body json.RawMessage
	err  error
}

// outbox tracks the requests corvid sent and waits for their answers.
type outbox struct {
	out *writer

	mu      sync.Mutex
	pending map[string]chan reply
	closed  bool // the input ended: no answer can arrive
}

func newOutbox(out *writer) *outbox {
	return &outbox{out: out, pending: map[string]chan reply{}}
}

// request sends a control request and waits for its response, for ctx
// to end (the request is then withdrawn with control_cancel_request) or
// for the host's input to end.
func (b *outbox) request(ctx context.Context, body any) (json.RawMessage, error) {
	id := uuid.NewString()
	ch := make(chan reply, 1)
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return nil, ErrHostGone
	}
	b.pending[id] = ch
	b.mu.Unlock()
	b.out.frame(controlRequest{Type: typeControlRequest, RequestID: id, Request: body})
	if b.out.Err() != nil { // the host stopped reading: no answer can come
		b.forget(id)
		return nil, ErrHostGone
	}
	select {
	case r := <-ch:
		return r.body, r.err
	case <-ctx.Done():
		if b.forget(id) {
			b.out.frame(controlCancel{Type: typeControlCancel, RequestID: id})
		}
		return nil, context.Cause(ctx)
	}
}

// forget drops a pending request; it reports whether it was pending.
func (b *outbox) forget(id string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	_, ok := b.pending[id]
	delete(b.pending, id)
	return ok
}

// deliver hands a response to its request. A response to no pending
// request is reported, and otherwise ignored.
func (b *outbox) deliver(r responseBody) error {
	b.mu.Lock()
	ch, ok := b.pending[r.RequestID]
	delete(b.pending, r.RequestID)
	b.mu.Unlock()
	if !ok {
		return fmt.Errorf("host: control_response for unknown request_id %q ignored", r.RequestID)
	}
	switch r.Subtype {
	case "success":
		ch <- reply{body: r.Response}
	case "error":
		ch <- reply{err: errors.New(r.Error)}
	default:
		ch <- reply{err: fmt.Errorf("host: control_response subtype %q", r.Subtype)}
	}
	return nil
}

// cancel ends a pending request the host withdrew.
func (b *outbox) cancel(id string) {
	b.mu.Lock()
	ch, ok := b.pending[id]
	delete(b.pending, id)
	b.mu.Unlock()
	if ok {
		ch <- reply{err: ErrCancelled}
	}
}

// close fails every pending request and every later one: the host's
// input ended.
func (b *outbox) close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed = true
	for id, ch := range b.pending {
		ch <- reply{err: ErrHostGone}
		delete(b.pending, id)
	}
}
