package mcp

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"sync"

	"corvid/internal/jsonrpc"
)

// streamableHandler serves f over streamable HTTP: a notification gets
// 202, tools/call an event stream (its notifications, then its answer),
// any other request a JSON answer. initialize sets a session id.
func streamableHandler(f *fixture) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodDelete {
			return
		}
		body, _ := io.ReadAll(r.Body)
		m, err := jsonrpc.Decode(body)
		if err != nil {
			http.Error(w, "bad message", http.StatusBadRequest)
			return
		}
		if !m.IsRequest() {
			f.handle(r.Context(), body, func([]byte) {})
			w.WriteHeader(http.StatusAccepted)
			return
		}
		out := make(chan []byte, 16)
		f.handle(r.Context(), body, func(b []byte) { out <- b })
		if m.Method != "tools/call" {
			if m.Method == "initialize" {
				w.Header().Set("Mcp-Session-Id", "fixture-session")
			}
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write(<-out)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		for {
			select {
			case b := <-out:
				fmt.Fprintf(w, "event: message\ndata: %s\n\n", b)
				w.(http.Flusher).Flush()
				if a, err := jsonrpc.Decode(b); err == nil && string(a.ID) == string(m.ID) {
					return
				}
			case <-r.Context().Done():
				return
			}
		}
	})
}

// sseHandler serves f over the legacy HTTP+SSE transport: GET opens the
// event stream, which first names the endpoint; POSTs there are answered
// on the stream.
func sseHandler(f *fixture) http.Handler {
	var mu sync.Mutex
	var stream chan []byte
	mux := http.NewServeMux()
	mux.HandleFunc("GET /", func(w http.ResponseWriter, r *http.Request) {
		ch := make(chan []byte, 16)
		mu.Lock()
		stream = ch
		mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, "event: endpoint\ndata: /messages?session=1\n\n")
		w.(http.Flusher).Flush()
		for {
			select {
			case b := <-ch:
				fmt.Fprintf(w, "event: message\ndata: %s\n\n", b)
				w.(http.Flusher).Flush()
			case <-r.Context().Done():
				return
			}
		}
	})
	mux.HandleFunc("POST /messages", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		ch := stream
		mu.Unlock()
		f.handle(context.Background(), body, func(b []byte) { ch <- b })
		w.WriteHeader(http.StatusAccepted)
	})
	return mux
}
