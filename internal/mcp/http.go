package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"sync"
	"time"
)

// ErrNeedsAuth marks an HTTP server that asks for authorization.
var ErrNeedsAuth = errors.New("the server asks for authorization")

// httpWire is the streamable HTTP transport: each message is a POST; the
// answer comes back as JSON or as a server-sent event stream.
type httpWire struct {
	url     string
	headers map[string]string
	client  *http.Client
	server  string      // the server's name, for what to do on a 401
	auth    *authorizer // OAuth bearer tokens; nil: none

	mu       sync.Mutex
	session  string // Mcp-Session-Id
	protocol string // MCP-Protocol-Version, once negotiated

	inbox  chan []byte
	ctx    context.Context // the wire's lifetime
	cancel context.CancelFunc
	wg     sync.WaitGroup // event streams being read
}

func newHTTPWire(url string, headers map[string]string) *httpWire {
	ctx, cancel := context.WithCancel(context.Background())
	return &httpWire{url: url, headers: headers, client: &http.Client{}, inbox: make(chan []byte, 16),
		ctx: ctx, cancel: cancel}
}

func (w *httpWire) setProtocol(v string) {
	w.mu.Lock()
	w.protocol = v
	w.mu.Unlock()
}

// request builds a request with the entry's headers and the session's;
// token is the OAuth bearer token it carries ("" : none).
func (w *httpWire) request(ctx context.Context, method string, body []byte) (req *http.Request, token string) {
	req, _ = http.NewRequestWithContext(ctx, method, w.url, bytes.NewReader(body))
	withHeaders(req, w.headers)
	if w.auth != nil {
		if token = w.auth.token(ctx); token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	w.mu.Lock()
	if w.session != "" {
		req.Header.Set("Mcp-Session-Id", w.session)
	}
	if w.protocol != "" {
		req.Header.Set("MCP-Protocol-Version", w.protocol)
	}
	w.mu.Unlock()
	return req, token
}

// do sends a request; when the server refuses the OAuth token it
// carried, it renews the token and tries once more.
func (w *httpWire) do(ctx context.Context, method string, body []byte) (*http.Response, string, error) {
	req, token := w.request(ctx, method, body)
	resp, err := w.client.Do(req)
	if err != nil || resp.StatusCode != http.StatusUnauthorized || token == "" || !w.auth.renew(ctx, token) {
		return resp, token, err
	}
	resp.Body.Close()
	req, token = w.request(ctx, method, body)
	resp, err = w.client.Do(req)
	return resp, token, err
}

// Send posts msg and queues what the server answers.
func (w *httpWire) Send(ctx context.Context, msg []byte) error {
	rctx, rcancel := context.WithCancel(w.ctx)
	stop := context.AfterFunc(ctx, rcancel)
	resp, token, err := w.do(rctx, http.MethodPost, msg)
	if err != nil {
		stop()
		rcancel()
		return err
	}
	if id := resp.Header.Get("Mcp-Session-Id"); id != "" {
		w.mu.Lock()
		w.session = id
		w.mu.Unlock()
	}
	if err := httpStatus(resp); err != nil {
		resp.Body.Close()
		stop()
		rcancel()
		if ae, ok := err.(*AuthError); ok {
			ae.Server, ae.HadToken = w.server, token != ""
		}
		return err
	}
	ct, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if ct != "text/event-stream" {
		defer rcancel()
		defer stop()
		defer resp.Body.Close()
		return w.readJSON(resp.Body)
	}
	stop() // the stream outlives the call that opened it
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		defer rcancel()
		defer resp.Body.Close()
		_ = readSSE(resp.Body, func(event, data string) {
			if event == "" || event == "message" {
				w.push([]byte(data))
			}
		})
	}()
	return nil
}

// httpStatus turns an unsuccessful answer into an error.
func httpStatus(resp *http.Response) error {
	switch {
	case resp.StatusCode < 300:
		return nil
	case resp.StatusCode == http.StatusUnauthorized, resp.StatusCode == http.StatusForbidden:
		metadata, _ := challenge(resp.Header)
		return &AuthError{Status: resp.StatusCode, ResourceMetadata: metadata}
	}
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 200))
	return fmt.Errorf("HTTP %d: %s", resp.StatusCode, strings.TrimSpace(string(b)))
}

// readJSON queues a JSON answer: one message or a batch.
func (w *httpWire) readJSON(r io.Reader) error {
	b, err := io.ReadAll(io.LimitReader(r, maxFrame+1))
	switch {
	case err != nil:
		return err
	case len(b) > maxFrame:
		return errFrameTooLarge
	case len(bytes.TrimSpace(b)) == 0:
		return nil // 202 Accepted: a notification or response
	}
	var batch []json.RawMessage
	if b = bytes.TrimSpace(b); b[0] == '[' && json.Unmarshal(b, &batch) == nil {
		for _, m := range batch {
			w.push(m)
		}
		return nil
	}
	w.push(b)
	return nil
}

func (w *httpWire) push(b []byte) {
	select {
	case w.inbox <- b:
	case <-w.ctx.Done():
	}
}

func (w *httpWire) Recv() ([]byte, error) {
	select {
	case b := <-w.inbox:
		return b, nil
	case <-w.ctx.Done():
		return nil, io.EOF
	}
}

// Close ends the streams and tells the server the session is over.
func (w *httpWire) Close() error {
	w.mu.Lock()
	id := w.session
	w.mu.Unlock()
	if id != "" {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		if resp, _, err := w.do(ctx, http.MethodDelete, nil); err == nil {
			resp.Body.Close()
		}
		cancel()
	}
	w.cancel()
	w.wg.Wait()
	w.client.CloseIdleConnections()
	return nil
}

// readSSE reads a server-sent event stream, calling onEvent for each
// event (data lines joined by newlines), each line at most maxFrame bytes.
func readSSE(r io.Reader, onEvent func(event, data string)) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxFrame)
	var event string
	var data []string
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if len(data) > 0 {
				onEvent(event, strings.Join(data, "\n"))
			}
			event, data = "", nil
		case strings.HasPrefix(line, "event:"):
			event = strings.TrimSpace(line[len("event:"):])
		case strings.HasPrefix(line, "data:"):
			data = append(data, strings.TrimPrefix(line[len("data:"):], " "))
		}
	}
	return sc.Err()
}
