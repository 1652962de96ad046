package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

func startSDK(t *testing.T, b SDKBridge, timeout time.Duration, servers ...Server) *Manager {
	t.Helper()
	m := Start(&Loaded{Servers: servers, Reasons: map[string]string{}},
		Options{ProjectDir: t.TempDir(), StartTimeout: timeout, SDK: b})
	t.Cleanup(m.Close)
	if !m.Wait(context.Background(), generous) {
		t.Fatalf("servers still connecting: %+v", m.Status())
	}
	return m
}

// A host's in-process server connects through the bridge, lists its
// tools, answers calls, and its progress notifications reach the call.
func TestSDKServerCall(t *testing.T) {
	h := newFakeHost(t, "inproc")
	m := startSDK(t, h, generous, sdkServer("inproc"))
	st := m.Status()
	if len(st) != 1 || st[0].State != StateConnected || st[0].ServerName != "fixture" || len(st[0].Tools) != 6 {
		t.Fatalf("status %+v", st)
	}
	if got := textOf(t)(m.Call(context.Background(), "inproc", "echo", json.RawMessage(`{"text":"hi"}`), nil)); got != "echo: hi" {
		t.Errorf("echo = %q", got)
	}
	var mu sync.Mutex
	var steps []string
	got := textOf(t)(m.Call(context.Background(), "inproc", "progress", nil, func(p Progress) {
		mu.Lock()
		steps = append(steps, p.Message)
		mu.Unlock()
	}))
	mu.Lock()
	defer mu.Unlock()
	if got != "done" || !slices.Equal(steps, []string{"step 1", "step 2", "step 3"}) {
		t.Errorf("progress call = %q, steps %q", got, steps)
	}
	want := []string{"initialize", "notifications/initialized", "tools/list"}
	if sent := h.methods(); len(sent) < 3 || !slices.Equal(sent[:3], want) {
		t.Errorf("corvid sent %q, want the handshake %q first", sent, want)
	}
}

// A server's tools/list_changed comes from the host on its own (not as
// a reply) and refreshes the tools.
func TestSDKServerListChanged(t *testing.T) {
	h := newFakeHost(t, "inproc")
	m := startSDK(t, h, generous, sdkServer("inproc"))
	textOf(t)(m.Call(context.Background(), "inproc", "grow", nil, nil))
	deadline := time.Now().Add(generous)
	for !slices.Contains(toolNames(m), "inproc/grown") {
		if time.Now().After(deadline) {
			t.Fatalf("tools after list_changed: %v", toolNames(m))
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Cancelling a call sends notifications/cancelled through the host, and
// the server's handler sees it.
func TestSDKServerCancel(t *testing.T) {
	flag := filepath.Join(t.TempDir(), "cancelled")
	t.Setenv("FIXTURE_CANCELLED", flag)
	h := newFakeHost(t, "inproc")
	m := startSDK(t, h, generous, sdkServer("inproc"))
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if _, err := m.Call(ctx, "inproc", "block", nil, nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("blocked call = %v", err)
	}
	deadline := time.Now().Add(generous)
	for {
		if _, err := os.Stat(flag); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server never saw the cancellation; sent %q", h.methods())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !slices.Contains(h.methods(), "notifications/cancelled") {
		t.Errorf("sent %q", h.methods())
	}
}

// A host that knows no such server answers with an error: the server is
// failed, with the host's reason; so is one without any host.
func TestSDKServerUnknownAndNoHost(t *testing.T) {
	h := newFakeHost(t)
	m := startSDK(t, h, generous, sdkServer("ghost"))
	st := m.Status()
	if st[0].State != StateFailed || !strings.Contains(st[0].Error, "SDK MCP server not found: ghost") {
		t.Errorf("unknown server: %+v", st)
	}
	m2 := startSDK(t, nil, generous, sdkServer("lonely"))
	st = m2.Status()
	if st[0].State != StateFailed || !strings.Contains(st[0].Error, "Agent SDK host, and this session has none: remove it from sdk") {
		t.Errorf("no host: %+v", st)
	}
}

// A host that never answers: connecting times out; a call in flight
// when the host goes quiet still ends when its context does, and
// nothing is left waiting (goleak in TestMain).
func TestSDKServerHostNeverAnswers(t *testing.T) {
	h := newFakeHost(t, "inproc")
	h.setMute(true)
	m := startSDK(t, h, 300*time.Millisecond, sdkServer("inproc"))
	if st := m.Status(); st[0].State != StateFailed || !strings.Contains(st[0].Error, "no answer to initialize within 300ms from the SDK host") {
		t.Errorf("mute host at start: %+v", st)
	}

	h2 := newFakeHost(t, "inproc")
	m2 := startSDK(t, h2, generous, sdkServer("inproc"))
	h2.setMute(true)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := m2.Call(ctx, "inproc", "echo", json.RawMessage(`{"text":"x"}`), nil)
		done <- err
	}()
	time.Sleep(50 * time.Millisecond)
	cancel() // the turn is interrupted
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("interrupted call = %v", err)
		}
	case <-time.After(generous):
		t.Fatal("the call did not end with its context")
	}
}

// Bad answers fail the call with a clear error instead of hanging: a
// reply for another id, a reply that is not JSON-RPC, a host error.
func TestSDKBadAnswers(t *testing.T) {
	cases := map[string]struct {
		answer func(id json.RawMessage) (json.RawMessage, error)
		want   string
	}{
		"other id": {func(json.RawMessage) (json.RawMessage, error) {
			return json.RawMessage(`{"jsonrpc":"2.0","id":999,"result":{}}`), nil
		}, "with a message for id 999"},
		"not json-rpc": {func(json.RawMessage) (json.RawMessage, error) {
			return json.RawMessage(`{"ok":true}`), nil
		}, "not JSON-RPC"},
		"host error": {func(json.RawMessage) (json.RawMessage, error) {
			return nil, errors.New("handler exploded")
		}, "handler exploded"},
		"server error": {func(id json.RawMessage) (json.RawMessage, error) {
			return json.RawMessage(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"error":{"code":-32000,"message":"nope"}}`, id)), nil
		}, "server error -32000: nope"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			w := newSDKWire(bridgeFunc(func(_ context.Context, msg json.RawMessage) (json.RawMessage, error) {
				var m envelope
				_ = json.Unmarshal(msg, &m)
				return tc.answer(m.ID)
			}), "s")
			sess := newSession(w, nil)
			defer sess.close()
			ctx, cancel := context.WithTimeout(context.Background(), generous)
			defer cancel()
			err := sess.call(ctx, "tools/list", nil, &struct{}{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("call = %v, want %q", err, tc.want)
			}
		})
	}
}

// What the host sends on its own beyond the inbox's cap ends the wire
// instead of growing without bound; what was queued is still read.
func TestSDKInboxCap(t *testing.T) {
	w := newSDKWire(bridgeFunc(func(context.Context, json.RawMessage) (json.RawMessage, error) { return nil, nil }), "s")
	defer w.Close()
	for range maxInbox + 1 {
		w.push(json.RawMessage(`{"jsonrpc":"2.0","method":"notifications/message"}`))
	}
	n := 0
	for {
		if _, err := w.Recv(); err != nil {
			if !errors.Is(err, ErrProtocol) {
				t.Errorf("wire ended with %v", err)
			}
			break
		}
		n++
	}
	if n != maxInbox {
		t.Errorf("read %d messages, want %d", n, maxInbox)
	}
}

// WithSDK adds initialize's server names as sdk entries, replacing a
// configured entry of the same name and refusing a bad name.
func TestWithSDK(t *testing.T) {
	l := &Loaded{Servers: []Server{{Name: "calc", Config: ServerConfig{Command: "x"}}}, Reasons: map[string]string{}}
	l.WithSDK([]string{"calc", "bad name"})
	if len(l.Servers) != 1 || l.Servers[0].Config.Transport() != TypeSDK || len(l.Problems) != 1 {
		t.Errorf("servers %+v problems %v", l.Servers, l.Problems)
	}
}

// With the SDK's manifest the handshake is answered from it, as Claude
// Code does: the host is sent only the calls (the server itself was
// initialised by the SDK); a manifest without a tool list still lists the
// tools through the host; a malformed one is ignored.
func TestSDKManifest(t *testing.T) {
	h := newFakeHost(t, "inproc", "half", "junk")
	h.preInit(t, "inproc", "half")
	mh := manifestHost{fakeHost: h, manifests: map[string]json.RawMessage{
		"inproc": json.RawMessage(`{"initializeResult":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"from-manifest","version":"9"}},` +
			`"toolsListResult":{"tools":[{"name":"echo","inputSchema":{"type":"object"}}]}}`),
		"half": json.RawMessage(`{"initializeResult":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"half","version":"1"}}}`),
		"junk": json.RawMessage(`[1,2]`),
	}}
	m := startSDK(t, mh, generous, sdkServer("inproc"), sdkServer("half"), sdkServer("junk"))
	st := m.Status()
	byName := map[string]Status{}
	for _, s := range st {
		byName[s.Name] = s
	}
	if s := byName["inproc"]; s.State != StateConnected || s.ServerName != "from-manifest" || !slices.Equal(s.Tools, []string{"echo"}) {
		t.Errorf("inproc %+v", s)
	}
	if s := byName["half"]; s.State != StateConnected || s.ServerName != "half" || len(s.Tools) != 6 {
		t.Errorf("half %+v", s)
	}
	if s := byName["junk"]; s.State != StateConnected || s.ServerName != "fixture" {
		t.Errorf("junk %+v", s)
	}
	if got := textOf(t)(m.Call(context.Background(), "inproc", "echo", json.RawMessage(`{"text":"hi"}`), nil)); got != "echo: hi" {
		t.Errorf("echo = %q", got)
	}
	// inproc: only its call; half: tools/list; junk: the whole handshake
	// (the fixture offers prompts, so that includes prompts/list).
	want := map[string]int{"initialize": 1, "notifications/initialized": 1, "tools/list": 2, "prompts/list": 1, "tools/call": 1}
	got := map[string]int{}
	for _, m := range h.methods() {
		got[m]++
	}
	if !maps.Equal(got, want) {
		t.Errorf("sent to the host %v, want %v", got, want)
	}
}
