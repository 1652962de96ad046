package anthropic

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/http"
	"time"

	"github.com/anthropics/anthropic-sdk-go/packages/ssestream"

	"corvid/internal/provider"
)

// Stream sends req and yields the response's events; see provider.Provider.
// Failures are *provider.APIError values. The request is sent once: wrap
// the client in provider.StreamWithRetry to retry.
func (c *Client) Stream(ctx context.Context, req *provider.Request) iter.Seq2[provider.Event, error] {
	return func(yield func(provider.Event, error) bool) {
		body, shaped, err := c.encodeRequest(req)
		if err != nil {
			yield(provider.Event{}, &provider.APIError{Type: provider.ErrTypeInvalidRequest,
				Message: "corvid could not build the request: " + err.Error(), Err: err})
			return
		}
		a := newAttempt(ctx, c.idle, c.total)
		defer a.close()
		if err := a.run(c, body, shaped, req.Headers, yield); err != nil {
			yield(provider.Event{}, err)
		}
	}
}

// attempt is one request and the reading of its stream. It owns the
// request context, the watchdog and the response body.
type attempt struct {
	caller    context.Context
	ctx       context.Context
	cancel    context.CancelCauseFunc
	dog       *watchdog
	res       *http.Response
	requestID string
	delivered bool
}

func newAttempt(caller context.Context, idle, total time.Duration) *attempt {
	ctx, cancel := context.WithCancelCause(caller)
	return &attempt{caller: caller, ctx: ctx, cancel: cancel, dog: startWatchdog(idle, total, cancel)}
}

// close stops the watchdog, releases the response body and the context.
func (a *attempt) close() {
	a.dog.stop()
	if a.res != nil && a.res.Body != nil {
		_ = a.res.Body.Close()
	}
	a.cancel(context.Canceled)
}

// run sends the request and streams the response into yield. It returns
// the failure to report, or nil when the stream completed or the consumer
// stopped.
func (a *attempt) run(c *Client, body []byte, shaped, headers map[string]string, yield func(provider.Event, error) bool) *provider.APIError {
	opts := c.headerOptions(shaped, headers)
	var res *http.Response
	if err := c.sdk.Post(a.ctx, messagesPath, body, &res, opts...); err != nil {
		if res != nil && res.Body != nil {
			_ = res.Body.Close()
		}
		return a.fail(err)
	}
	if res == nil || res.Body == nil {
		return connectionError(errors.New("no response body"))
	}
	a.res = res
	a.requestID = res.Header.Get("request-id")
	a.dog.kick()
	return a.read(yield)
}

// read decodes SSE events until message_stop, a failure, or the consumer
// stopping.
func (a *attempt) read(yield func(provider.Event, error) bool) *provider.APIError {
	sse := ssestream.NewDecoder(a.res)
	var dec decoder
	for sse.Next() {
		a.dog.kick()
		raw := bytes.TrimSpace(sse.Event().Data)
		name := sse.Event().Type
		if name == "error" {
			return a.mark(fromEvent(raw, a.requestID))
		}
		if len(raw) == 0 {
			continue
		}
		if name == "" {
			name = eventType(raw)
		}
		ev, ok, err := dec.decode(name, raw)
		if err != nil {
			return a.mark(malformed(err))
		}
		if !ok {
			continue
		}
		a.delivered = true
		a.dog.pause()
		if !yield(ev, nil) || ev.Type == provider.EventMessageStop {
			return nil
		}
		a.dog.kick()
	}
	err := sse.Err()
	if err == nil {
		err = fmt.Errorf("stream ended before message_stop: %w", io.ErrUnexpectedEOF)
	}
	if errors.Is(err, bufio.ErrTooLong) {
		return a.mark(malformed(fmt.Errorf("stream line too long: %w", err)))
	}
	return a.fail(err)
}

// eventType reads the type field of an event sent without an event line.
func eventType(raw []byte) string {
	var w struct {
		Type string `json:"type"`
	}
	if json.Unmarshal(raw, &w) != nil {
		return ""
	}
	return w.Type
}

// fail classifies err: the caller's cancellation, a timeout, an HTTP
// error response, or a transport failure.
func (a *attempt) fail(err error) *provider.APIError {
	if a.caller.Err() != nil {
		return a.mark(&provider.APIError{Type: provider.ErrTypeConnection, Err: context.Cause(a.caller)})
	}
	if te, ok := errors.AsType[*TimeoutError](context.Cause(a.ctx)); ok {
		return a.mark(&provider.APIError{Type: provider.ErrTypeConnection, Cause: provider.CauseTimeout,
			Message: te.Error(), Err: te})
	}
	if e, ok := asSDKError(err); ok {
		return a.mark(fromHTTP(e))
	}
	return a.mark(connectionError(err))
}

// mark stamps a failure with what the attempt knows: the request id and
// whether events were already delivered.
func (a *attempt) mark(e *provider.APIError) *provider.APIError {
	if e.RequestID == "" {
		e.RequestID = a.requestID
	}
	e.MidStream = e.MidStream || a.delivered
	return e
}
