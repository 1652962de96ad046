package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"

	"corvid/internal/jsonrpc"
)

// TestMain runs the test binary as an MCP server when asked to
// (CORVID_MCP_FIXTURE=1), else the tests, checking for leaked goroutines.
func TestMain(m *testing.M) {
	if os.Getenv("CORVID_MCP_FIXTURE") == "1" {
		serveFixture()
		return
	}
	goleak.VerifyTestMain(m)
}

// fixtureServer is a stdio server entry running serveFixture.
func fixtureServer(t *testing.T, name string, env map[string]string) Server {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	e := map[string]string{"CORVID_MCP_FIXTURE": "1"}
	for k, v := range env {
		e[k] = v
	}
	return Server{Name: name, Scope: ScopeDynamic, Source: "test", Config: ServerConfig{Command: exe, Env: e}}
}

// serveFixture serves the fixture on stdin and stdout.
func serveFixture() {
	f := newFixture()
	w := jsonrpc.NewLineWriter(os.Stdout)
	r := jsonrpc.NewLineReader(os.Stdin, maxFrame)
	for {
		b, err := r.Read()
		if err != nil {
			return
		}
		f.handle(context.Background(), b, func(m []byte) { _ = w.Write(m) })
	}
}

// fixture is a hand-written MCP server whose tools exercise the client:
// echo, progress, block (until cancelled; writes $FIXTURE_CANCELLED),
// spawn (a sleeping grandchild in the server's process group; returns
// its pid), die (exits), grow (adds a tool and notifies
// tools/list_changed). It speaks JSON-RPC through internal/jsonrpc, so
// any transport can carry it.
type fixture struct {
	mu      sync.Mutex
	grown   bool
	grownP  bool          // the prompt "grown" exists (prompts_test.go)
	listed  chan struct{} // a token per tools/list answered (at most one kept)
	running map[string]context.CancelFunc
	wg      sync.WaitGroup
}

func newFixture() *fixture {
	return &fixture{running: map[string]context.CancelFunc{}, listed: make(chan struct{}, 1)}
}

var fixtureTools = []string{"echo", "progress", "block", "spawn", "die", "grow"}

// handle answers one message through send; calls run on their own
// goroutine (so cancellation can reach block) unless sync is set by the
// transport (HTTP answers each POST in turn).
func (f *fixture) handle(ctx context.Context, b []byte, send func([]byte)) {
	m, err := jsonrpc.Decode(b)
	if err != nil || m.Method == "" {
		return
	}
	reply := func(result any) {
		out, _ := jsonrpc.Response(m.ID, result, nil)
		send(out)
	}
	switch m.Method {
	case "notifications/cancelled":
		var p struct{ RequestID json.RawMessage }
		_ = json.Unmarshal(m.Params, &p)
		f.mu.Lock()
		if c := f.running[string(p.RequestID)]; c != nil {
			c()
		}
		f.mu.Unlock()
	case "initialize":
		reply(map[string]any{"protocolVersion": protocolVersion, "serverInfo": map[string]any{"name": "fixture", "version": "1"},
			"capabilities": map[string]any{"tools": map[string]any{"listChanged": true},
				"prompts": map[string]any{"listChanged": true}, "resources": map[string]any{}}})
	case "tools/list":
		var list []map[string]any
		f.mu.Lock()
		names := fixtureTools
		if f.grown {
			names = append(append([]string{}, names...), "grown")
		}
		f.mu.Unlock()
		for _, n := range names {
			list = append(list, map[string]any{"name": n, "inputSchema": map[string]any{"type": "object",
				"properties": map[string]any{"text": map[string]any{"type": "string"}}}})
		}
		reply(map[string]any{"tools": list})
		select {
		case f.listed <- struct{}{}:
		default:
		}
	case "tools/call":
		ctx, cancel := context.WithCancel(ctx)
		f.mu.Lock()
		f.running[string(m.ID)] = cancel
		f.mu.Unlock()
		f.wg.Add(1)
		go func() {
			defer f.wg.Done()
			defer cancel()
			if res := f.call(ctx, m, send); res != "" {
				reply(map[string]any{"content": []map[string]any{{"type": "text", "text": res}}})
			}
		}()
	case "prompts/list", "prompts/get", "resources/list", "resources/templates/list", "resources/read":
		f.promptsAndResources(m, reply, send)
	default:
		if m.IsRequest() {
			out, _ := jsonrpc.Response(m.ID, nil, &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: m.Method})
			send(out)
		}
	}
}

// call runs one tool; "" means no answer.
func (f *fixture) call(ctx context.Context, m *jsonrpc.Message, send func([]byte)) string {
	var p struct {
		Name      string
		Arguments struct{ Text string }
		Meta      struct {
			ProgressToken json.RawMessage `json:"progressToken"`
		} `json:"_meta"`
	}
	_ = json.Unmarshal(m.Params, &p)
	switch p.Name {
	case "echo":
		return "echo: " + p.Arguments.Text
	case "progress":
		for i := 1; i <= 3; i++ {
			b, _ := jsonrpc.Request(nil, "notifications/progress", map[string]any{"progressToken": p.Meta.ProgressToken,
				"progress": i, "total": 3, "message": fmt.Sprintf("step %d", i)})
			send(b)
		}
		// A real long-running tool's progress comes well before its end.
		time.Sleep(300 * time.Millisecond)
		return "done"
	case "block":
		<-ctx.Done()
		_ = os.WriteFile(os.Getenv("FIXTURE_CANCELLED"), []byte("cancelled"), 0o600)
		return ""
	case "spawn":
		cmd := exec.Command("sleep", "300")
		if err := cmd.Start(); err != nil {
			return err.Error()
		}
		return strconv.Itoa(cmd.Process.Pid)
	case "die":
		os.Exit(7)
	case "grow":
		// grow answers only once the client lists the tools again, as a
		// server does that says list_changed before its answer.
		select {
		case <-f.listed: // an earlier listing (at connection)
		default:
		}
		f.mu.Lock()
		f.grown = true
		f.mu.Unlock()
		b, _ := jsonrpc.Request(nil, "notifications/tools/list_changed", nil)
		send(b)
		select {
		case <-f.listed:
		case <-ctx.Done():
		}
		return "grew"
	case "grown":
		return "new"
	}
	return "unknown tool " + p.Name
}
