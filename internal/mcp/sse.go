package mcp

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sync"
)

// sseWire is the legacy HTTP+SSE transport: a GET event stream carries
// the server's messages, after an "endpoint" event naming where to POST.
type sseWire struct {
	headers  map[string]string
	client   *http.Client
	endpoint string
	inbox    chan []byte
	ctx      context.Context
	cancel   context.CancelFunc
	wg       sync.WaitGroup
}

// dialSSE opens the event stream and waits (within ctx) for the endpoint.
func dialSSE(ctx context.Context, rawURL string, headers map[string]string) (*sseWire, error) {
	base, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("%w: url %q: %v", ErrConfig, rawURL, err)
	}
	wctx, cancel := context.WithCancel(context.Background())
	w := &sseWire{headers: headers, client: &http.Client{}, inbox: make(chan []byte, 16), ctx: wctx, cancel: cancel}
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	req, _ := http.NewRequestWithContext(wctx, http.MethodGet, rawURL, nil)
	withHeaders(req, headers)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := w.client.Do(req)
	if err == nil {
		if err = httpStatus(resp); err != nil {
			resp.Body.Close()
		}
	}
	if err != nil {
		cancel()
		return nil, err
	}
	endpoint := make(chan string, 1)
	w.wg.Add(1)
	go w.read(resp.Body, base, endpoint)
	select {
	case e, ok := <-endpoint:
		if ok {
			w.endpoint = e
			return w, nil
		}
		err = fmt.Errorf("the event stream ended before naming its endpoint")
	case <-wctx.Done():
		err = ctx.Err()
	}
	_ = w.Close()
	return nil, err
}

func (w *sseWire) read(body io.ReadCloser, base *url.URL, endpoint chan<- string) {
	defer w.wg.Done()
	defer w.cancel()
	defer body.Close()
	sent := false
	_ = readSSE(body, func(event, data string) {
		switch {
		case event == "endpoint" && !sent:
			if u, err := base.Parse(data); err == nil {
				endpoint <- u.String()
				sent = true
			}
		case event == "" || event == "message":
			select {
			case w.inbox <- []byte(data):
			case <-w.ctx.Done():
			}
		}
	})
	if !sent {
		close(endpoint)
	}
}

func (w *sseWire) Send(ctx context.Context, msg []byte) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, w.endpoint, bytes.NewReader(msg))
	withHeaders(req, w.headers)
	req.Header.Set("Content-Type", "application/json")
	resp, err := w.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return httpStatus(resp)
}

func (w *sseWire) Recv() ([]byte, error) {
	select {
	case b := <-w.inbox:
		return b, nil
	case <-w.ctx.Done():
		return nil, io.EOF
	}
}

func (w *sseWire) Close() error {
	w.cancel()
	w.wg.Wait()
	w.client.CloseIdleConnections()
	return nil
}
