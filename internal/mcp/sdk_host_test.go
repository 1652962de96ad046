package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net"
	"sync"
	"testing"

	"corvid/internal/jsonrpc"
)

// fakeHost plays an Agent SDK host for the sdk transport as the real
// one behaves (sdk.mjs 0.3.332): each of its servers is the fixture
// on a pipe; a request waits for the server's response with its id, any
// other message is handed over and acknowledged with a dummy reply;
// what the server sends on its own goes to the attached receiver.
type fakeHost struct {
	mu      sync.Mutex
	servers map[string]*hostedServer
	recv    map[string]func(json.RawMessage)
	sent    []string // methods of the messages corvid sent, in order
	mute    bool     // answer no request (a host that hangs)
}

type hostedServer struct {
	conn    net.Conn
	pending map[string]chan json.RawMessage // id → reply
}

func newFakeHost(t *testing.T, names ...string) *fakeHost {
	h := &fakeHost{servers: map[string]*hostedServer{}, recv: map[string]func(json.RawMessage){}}
	for _, name := range names {
		mine, theirs := net.Pipe()
		stop := serveOn(theirs)
		s := &hostedServer{conn: mine, pending: map[string]chan json.RawMessage{}}
		h.servers[name] = s
		done := make(chan struct{})
		go func() {
			defer close(done)
			h.readServer(name, s)
		}()
		t.Cleanup(func() {
			_ = mine.Close()
			stop()
			<-done
		})
	}
	return h
}

// readServer routes what a server writes: replies to their waiting
// request, the rest to the attached receiver.
func (h *fakeHost) readServer(name string, s *hostedServer) {
	sc := bufio.NewScanner(s.conn)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		msg := json.RawMessage(append([]byte{}, sc.Bytes()...))
		var m envelope
		_ = json.Unmarshal(msg, &m)
		h.mu.Lock()
		ch := s.pending[idKey(m.ID)]
		delete(s.pending, idKey(m.ID))
		recv := h.recv[name]
		h.mu.Unlock()
		switch {
		case m.Method == "" && ch != nil:
			ch <- msg
		case recv != nil:
			recv(msg)
		}
	}
}

func (h *fakeHost) Send(ctx context.Context, server string, msg json.RawMessage) (json.RawMessage, error) {
	var m envelope
	if err := json.Unmarshal(msg, &m); err != nil {
		return nil, err
	}
	h.mu.Lock()
	h.sent = append(h.sent, m.Method)
	s, mute := h.servers[server], h.mute
	var ch chan json.RawMessage
	if s != nil && m.Method != "" && len(m.ID) > 0 && !mute {
		ch = make(chan json.RawMessage, 1)
		s.pending[idKey(m.ID)] = ch
	}
	h.mu.Unlock()
	if s == nil {
		return nil, errors.New("SDK MCP server not found: " + server)
	}
	if mute {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	if _, err := s.conn.Write(append(append([]byte{}, msg...), '\n')); err != nil {
		return nil, err
	}
	if ch == nil {
		return json.RawMessage(`{"jsonrpc":"2.0","result":{},"id":0}`), nil
	}
	select {
	case r := <-ch:
		return r, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (h *fakeHost) Attach(server string, recv func(json.RawMessage)) func() {
	h.mu.Lock()
	h.recv[server] = recv
	h.mu.Unlock()
	return func() {
		h.mu.Lock()
		delete(h.recv, server)
		h.mu.Unlock()
	}
}

func (h *fakeHost) setMute(v bool) {
	h.mu.Lock()
	h.mute = v
	h.mu.Unlock()
}

func (h *fakeHost) methods() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string{}, h.sent...)
}

// bridgeFunc is a scripted bridge: every message gets send's answer.
type bridgeFunc func(ctx context.Context, msg json.RawMessage) (json.RawMessage, error)

func (f bridgeFunc) Send(ctx context.Context, _ string, msg json.RawMessage) (json.RawMessage, error) {
	return f(ctx, msg)
}

func (bridgeFunc) Attach(string, func(json.RawMessage)) func() { return func() {} }

func sdkServer(name string) Server {
	return Server{Name: name, Scope: ScopeDynamic, Source: "sdk", Config: ServerConfig{Type: TypeSDK, Name: name}}
}

// manifestHost is a fakeHost that also has the SDK's handshake manifests.
type manifestHost struct {
	*fakeHost
	manifests map[string]json.RawMessage
}

func (h manifestHost) Manifest(server string) json.RawMessage {
	h.mu.Lock()
	defer h.mu.Unlock()
	m := h.manifests[server]
	delete(h.manifests, server)
	return m
}

// preInit makes the handshake with servers as the SDK does when it
// captures their manifests, and forgets it was sent.
func (h *fakeHost) preInit(t *testing.T, names ...string) {
	for _, name := range names {
		_, err := h.Send(context.Background(), name, json.RawMessage(`{"jsonrpc":"2.0","id":"sdk-init","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"sdk","version":"1"}}}`))
		if err == nil {
			_, err = h.Send(context.Background(), name, json.RawMessage(`{"jsonrpc":"2.0","method":"notifications/initialized"}`))
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	h.mu.Lock()
	h.sent = nil
	h.mu.Unlock()
}

// serveOn serves a fixture on conn until conn closes; stop closes it and
// waits for the fixture's reader and its running calls.
func serveOn(conn net.Conn) (stop func()) {
	f := newFixture()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		r, w := jsonrpc.NewLineReader(conn, maxFrame), jsonrpc.NewLineWriter(conn)
		for {
			b, err := r.Read()
			if err != nil {
				return
			}
			f.handle(ctx, b, func(m []byte) { _ = w.Write(m) })
		}
	}()
	return func() {
		cancel()
		_ = conn.Close()
		<-done
		f.wg.Wait()
	}
}
