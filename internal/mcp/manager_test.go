package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// generous bounds "it finishes" on a loaded machine.
const generous = 30 * time.Second

func start(t *testing.T, servers ...Server) *Manager {
	t.Helper()
	m := Start(&Loaded{Servers: servers, Reasons: map[string]string{}},
		Options{ProjectDir: t.TempDir(), Environ: os.Environ(), LogDir: t.TempDir(), StartTimeout: generous})
	t.Cleanup(m.Close)
	if !m.Wait(context.Background(), generous) {
		t.Fatalf("servers still connecting: %+v", m.Status())
	}
	return m
}

// textOf returns a function that takes a call's outcome and returns its
// one text block, failing the test otherwise.
func textOf(t *testing.T) func(*CallToolResult, error) string {
	return func(res *CallToolResult, err error) string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Content) != 1 {
			t.Fatalf("content %+v", res.Content)
		}
		return res.Content[0].Text
	}
}

func toolNames(m *Manager) []string {
	var out []string
	for _, st := range m.Tools() {
		out = append(out, st.Server+"/"+st.Tool.Name)
	}
	slices.Sort(out)
	return out
}

func TestCallAndStatus(t *testing.T) {
	m := start(t, fixtureServer(t, "fx", nil))
	st := m.Status()
	if len(st) != 1 || st[0].State != StateConnected || st[0].ServerName != "fixture" || len(st[0].Tools) != 6 {
		t.Fatalf("status %+v", st)
	}
	got := textOf(t)(m.Call(context.Background(), "fx", "echo", json.RawMessage(`{"text":"hi"}`), nil))
	if got != "echo: hi" {
		t.Errorf("echo = %q", got)
	}
	if _, err := m.Call(context.Background(), "nope", "echo", nil, nil); !errors.Is(err, ErrUnknownServer) {
		t.Errorf("unknown server: %v", err)
	}
}

func TestProgress(t *testing.T) {
	m := start(t, fixtureServer(t, "fx", nil))
	var mu sync.Mutex
	var msgs []string
	got := textOf(t)(m.Call(context.Background(), "fx", "progress", nil, func(p Progress) {
		mu.Lock()
		msgs = append(msgs, p.Message)
		mu.Unlock()
	}))
	mu.Lock()
	defer mu.Unlock()
	if got != "done" || !slices.Equal(msgs, []string{"step 1", "step 2", "step 3"}) {
		t.Errorf("result %q, progress %q", got, msgs)
	}
}

// TestCancelReachesServer: cancelling a call's context sends
// notifications/cancelled; the server's handler sees its context end.
func TestCancelReachesServer(t *testing.T) {
	mark := filepath.Join(t.TempDir(), "cancelled")
	m := start(t, fixtureServer(t, "fx", map[string]string{"FIXTURE_CANCELLED": mark}))
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if _, err := m.Call(ctx, "fx", "block", nil, nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the deadline", err)
	}
	waitFor(t, func() bool { _, err := os.Stat(mark); return err == nil }, "the server to see the cancellation")
}

func waitFor(t *testing.T, cond func() bool, what string) {
	t.Helper()
	deadline := time.Now().Add(generous)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// alive reports whether pid is a live process (zombies count as dead).
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// TestCloseKillsProcessGroup: what a server started in its process group
// dies with the session.
func TestCloseKillsProcessGroup(t *testing.T) {
	m := start(t, fixtureServer(t, "fx", nil))
	pid, err := strconv.Atoi(textOf(t)(m.Call(context.Background(), "fx", "spawn", nil, nil)))
	if err != nil || !alive(pid) {
		t.Fatalf("grandchild %d not running (%v)", pid, err)
	}
	m.Close()
	waitFor(t, func() bool { return !alive(pid) }, "the grandchild to die")
}

// TestReconnect: a server that exits is restarted by the next call.
func TestReconnect(t *testing.T) {
	m := start(t, fixtureServer(t, "fx", nil))
	if _, err := m.Call(context.Background(), "fx", "die", nil, nil); err == nil {
		t.Fatal("die returned no error")
	}
	waitFor(t, func() bool { return m.Status()[0].State == StateFailed }, "the drop to be seen")
	got := textOf(t)(m.Call(context.Background(), "fx", "echo", json.RawMessage(`{"text":"again"}`), nil))
	if got != "echo: again" || m.Status()[0].State != StateConnected {
		t.Errorf("after reconnect: %q, %+v", got, m.Status()[0])
	}
}

// TestBackoff: a server that cannot start is not retried before its
// backoff ran out, and the error says when the next attempt comes.
func TestBackoff(t *testing.T) {
	s := Server{Name: "gone", Source: "test", Config: ServerConfig{Command: filepath.Join(t.TempDir(), "nothing")}}
	m := start(t, s)
	st := m.Status()[0]
	if st.State != StateFailed || !strings.Contains(st.Error, `MCP server "gone": command not found`) {
		t.Fatalf("status %+v", st)
	}
	_, err := m.Call(context.Background(), "gone", "x", nil, nil)
	if !errors.Is(err, ErrNotConnected) || !strings.Contains(err.Error(), "next attempt in") {
		t.Errorf("call during backoff: %v", err)
	}
	if got := []time.Duration{backoff(1), backoff(2), backoff(3), backoff(9)}; !slices.Equal(got,
		[]time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 30 * time.Second}) {
		t.Errorf("backoff = %v", got)
	}
}

// TestListChanged: a server that connects says so through Changed (its
// tools are listed by then), and one that adds a tool has its list
// refreshed and says so again.
func TestListChanged(t *testing.T) {
	changed := make(chan string, 4)
	l := &Loaded{Servers: []Server{fixtureServer(t, "fx", nil)}, Reasons: map[string]string{}}
	var live atomic.Pointer[Manager]
	m := Start(l, Options{Environ: os.Environ(), StartTimeout: generous, Changed: func(s string) {
		if m := live.Load(); m != nil {
			m.Tools() // a listener reads the tools: no lock may be held
		}
		changed <- s
	}})
	live.Store(m)
	defer m.Close()
	select {
	case s := <-changed:
		if s != "fx" || !slices.Contains(toolNames(m), "fx/grow") {
			t.Errorf("Changed(%q) on connect, tools then %q", s, toolNames(m))
		}
	case <-time.After(generous):
		t.Fatal("no Changed when the server connected")
	}
	if slices.Contains(toolNames(m), "fx/grown") {
		t.Fatal("grown listed before grow")
	}
	textOf(t)(m.Call(context.Background(), "fx", "grow", nil, nil))
	// The server said list_changed before answering: the answer waited
	// for the new list, so the tool it added is listed already.
	if !slices.Contains(toolNames(m), "fx/grown") {
		t.Errorf("grow returned before its tool was listed: %q", toolNames(m))
	}
	select {
	case s := <-changed:
		if s != "fx" {
			t.Errorf("changed %q", s)
		}
	case <-time.After(generous):
		t.Fatal("no list_changed refresh")
	}
	if !slices.Contains(toolNames(m), "fx/grown") {
		t.Errorf("tools after refresh: %q", toolNames(m))
	}
}

// TestSlowServerDoesNotBlock: Wait returns at its bound while a server
// is still connecting; the status says pending; Close ends it at once.
func TestSlowServerDoesNotBlock(t *testing.T) {
	s := Server{Name: "slow", Source: "test", Config: ServerConfig{Command: "sleep", Args: []string{"300"}}}
	m := Start(&Loaded{Servers: []Server{s}}, Options{StartTimeout: time.Hour})
	if m.Wait(context.Background(), 50*time.Millisecond) {
		t.Fatal("Wait reported a sleeping server as done")
	}
	if st := m.Status()[0]; st.State != StatePending {
		t.Errorf("status %+v", st)
	}
	done := make(chan struct{})
	go func() { m.Close(); close(done) }()
	select {
	case <-done:
	case <-time.After(generous):
		t.Fatal("Close waited for the connection attempt")
	}
}
