package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sync"
)

// sdkWire is the wire to one server of the host: requests go out as
// mcp_message requests, each waited for by its own goroutine, whose reply
// joins what the server sends on its own in one inbox that Recv reads.
type sdkWire struct {
	bridge SDKBridge
	server string
	detach func()
	ctx    context.Context // ends with Close: withdraws every request
	cancel context.CancelFunc
	wg     sync.WaitGroup // request goroutines

	mu       sync.Mutex
	inbox    [][]byte
	err      error                         // set once the wire ended
	inflight map[string]context.CancelFunc // JSON-RPC id → withdraw it
	ready    chan struct{}                 // signalled when inbox or err changed
	once     sync.Once
	// known is the SDK's own handshake, answered from here; initialized
	// is set once its initialize was, so the notification is not sent
	// again. Both are guarded by mu.
	known       manifest
	initialized bool
}

func newSDKWire(b SDKBridge, server string) *sdkWire {
	ctx, cancel := context.WithCancel(context.Background())
	w := &sdkWire{bridge: b, server: server, ctx: ctx, cancel: cancel,
		inflight: map[string]context.CancelFunc{}, ready: make(chan struct{}, 1)}
	w.detach = b.Attach(server, w.push)
	if m, ok := b.(SDKManifests); ok {
		if raw := m.Manifest(server); len(raw) > 0 && json.Unmarshal(raw, &w.known) != nil {
			w.known = manifest{}
		}
	}
	return w
}

// request starts the goroutine that waits for one request's answer.
func (w *sdkWire) request(id json.RawMessage, msg []byte) error {
	key := idKey(id)
	ctx, cancel := context.WithCancel(w.ctx)
	w.mu.Lock()
	if w.err != nil {
		w.mu.Unlock()
		cancel()
		return w.err
	}
	w.inflight[key] = cancel
	w.wg.Add(1)
	w.mu.Unlock()
	go func() {
		defer w.wg.Done()
		defer w.withdraw(id)
		reply, err := w.bridge.Send(ctx, w.server, msg)
		if ctx.Err() != nil {
			return // withdrawn: nobody waits for the answer
		}
		w.push(answerFor(id, reply, err))
	}()
	return nil
}

// withdraw stops waiting for the answer to id (the bridge withdraws the
// host request).
func (w *sdkWire) withdraw(id json.RawMessage) {
	key := idKey(id)
	w.mu.Lock()
	cancel := w.inflight[key]
	delete(w.inflight, key)
	w.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// answerFor is the JSON-RPC answer to request id from the host's reply:
// the reply itself when it answers id, else an error answer saying what
// went wrong, so the call fails instead of waiting forever.
func answerFor(id, reply json.RawMessage, err error) []byte {
	fail := func(format string, args ...any) []byte {
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id,
			"error": RPCError{Code: -32603, Message: fmt.Sprintf(format, args...)}})
		return b
	}
	if err != nil {
		return fail("the SDK host could not deliver the request: %v", err)
	}
	var m envelope
	if json.Unmarshal(reply, &m) != nil || m.JSONRPC != "2.0" {
		return fail("the SDK host answered with something that is not JSON-RPC: %q", clip(reply))
	}
	if idKey(m.ID) != idKey(id) || m.Method != "" {
		return fail("the SDK host answered request %s with a message for id %s", id, m.ID)
	}
	return reply
}

// idKey is an id's canonical text (1 and 1.0 differ; "1" and 1 differ).
func idKey(id json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, id) != nil {
		return string(id)
	}
	return b.String()
}

// push queues a message for Recv; a full inbox ends the wire.
func (w *sdkWire) push(msg json.RawMessage) {
	w.mu.Lock()
	full := w.err == nil && len(w.inbox) >= maxInbox
	if w.err == nil && !full {
		w.inbox = append(w.inbox, bytes.Clone(msg))
	}
	w.mu.Unlock()
	if full {
		w.end(fmt.Errorf("%w: over %d messages from the SDK host unread", ErrProtocol, maxInbox))
	}
	w.signal()
}

// end ends the wire with err (the first reason stays) and withdraws
// the requests under way.
func (w *sdkWire) end(err error) {
	w.mu.Lock()
	if w.err == nil {
		w.err = err
	}
	w.mu.Unlock()
	w.cancel()
	w.signal()
}

func (w *sdkWire) signal() {
	select {
	case w.ready <- struct{}{}:
	default:
	}
}

// Recv returns the next message, or the reason the wire ended.
func (w *sdkWire) Recv() ([]byte, error) {
	for {
		w.mu.Lock()
		if len(w.inbox) > 0 {
			m := w.inbox[0]
			w.inbox = w.inbox[1:]
			w.mu.Unlock()
			return m, nil
		}
		err := w.err
		w.mu.Unlock()
		if err != nil {
			return nil, err
		}
		<-w.ready
	}
}

// Close detaches from the host, withdraws the requests under way and
// waits for their goroutines.
func (w *sdkWire) Close() error {
	w.once.Do(func() {
		w.detach()
		w.end(errWireClosed)
		w.wg.Wait()
	})
	return nil
}
