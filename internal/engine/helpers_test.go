package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"corvid/internal/event"
	"corvid/internal/model"
	"corvid/internal/provider"
	"corvid/internal/provider/anthropic"
	"corvid/internal/provider/providertest"
	"corvid/internal/tool"
)

// fixture is an engine wired to a scripted fake Messages API through the
// real Anthropic adapter.
type fixture struct {
	srv    *providertest.Server
	eng    *Engine
	mu     sync.Mutex
	events []event.Event
	log    *callLog
}

func newFixture(t *testing.T, sc providertest.Scenario, mod func(*Config)) *fixture {
	t.Helper()
	return fixtureOn(t, providertest.Start(t, sc), mod)
}

// fixtureOn wires an engine to a running fake server.
func fixtureOn(t testing.TB, srv *providertest.Server, mod func(*Config)) *fixture {
	f := &fixture{srv: srv, log: &callLog{}}
	client, err := anthropic.New(anthropic.Config{APIKey: "test-key", BaseURL: f.srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Deps: Deps{Provider: client, Tools: testTools(t, f.log), Sink: f.sink},
		Policy: Policy{Model: model.Resolve("sonnet"),
			Retry: provider.RetryPolicy{BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond}},
		State: State{SessionID: "sess-1", Cwd: t.TempDir()}}
	if mod != nil {
		mod(&cfg)
	}
	f.eng = New(cfg)
	return f
}

func (f *fixture) sink(ev event.Event) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.events = append(f.events, ev)
}

func (f *fixture) submit(t *testing.T, ctx context.Context, prompt string) event.Result {
	t.Helper()
	res := f.eng.Submit(ctx, prompt)
	checkPairing(t, f.eng.Messages())
	return res
}

// eventsOf returns the published events of type T.
func eventsOf[T event.Event](f *fixture) []T {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []T
	for _, ev := range f.events {
		if v, ok := ev.(T); ok {
			out = append(out, v)
		}
	}
	return out
}

// checkPairing asserts that every tool_use in the conversation is answered
// by exactly one tool_result in the next message, including the last
// exchange, which is never sent to the server.
func checkPairing(t *testing.T, msgs []provider.Message) {
	t.Helper()
	for i, m := range msgs {
		uses := m.ToolUses()
		if m.Role != provider.RoleAssistant || len(uses) == 0 {
			continue
		}
		if i+1 >= len(msgs) {
			t.Fatalf("message %d: tool_use without a following tool_result message", i)
		}
		seen := map[string]int{}
		for _, b := range msgs[i+1].Content {
			if b.Type == provider.BlockToolResult {
				seen[b.ToolUseID]++
			}
		}
		for _, u := range uses {
			if seen[u.ID] != 1 {
				t.Fatalf("message %d: tool_use %s answered %d times", i, u.ID, seen[u.ID])
			}
		}
		if len(seen) != len(uses) {
			t.Fatalf("message %d: %d results for %d tool_uses", i, len(seen), len(uses))
		}
	}
}

// callLog records when test tools start and finish.
type callLog struct {
	mu      sync.Mutex
	starts  map[string]time.Time
	ends    map[string]time.Time
	active  int
	peak    int
	onStart func(id string)
}

func (l *callLog) begin(id string) {
	l.mu.Lock()
	if l.starts == nil {
		l.starts, l.ends = map[string]time.Time{}, map[string]time.Time{}
	}
	l.starts[id] = time.Now()
	l.active++
	l.peak = max(l.peak, l.active)
	hook := l.onStart
	l.mu.Unlock()
	if hook != nil {
		hook(id)
	}
}

func (l *callLog) end(id string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.ends[id] = time.Now()
	l.active--
}

const sleepSchema = `{"type":"object","properties":{"ms":{"type":"integer","minimum":0}},"required":["ms"],"additionalProperties":false}`

// testTools: Sleep (concurrency-safe, read-only), Exclusive, Fail
// (errors), Wait (read-only, cancels on interrupt, runs until cancelled)
// and Append (a side effect: appends "ran ID" to side.txt in the working
// directory).
func testTools(t testing.TB, log *callLog) *tool.Registry {
	sleeper := func(ctx context.Context, c tool.Call) (*tool.Result, error) {
		log.begin(c.ID)
		defer log.end(c.ID)
		var in struct{ MS int }
		_ = json.Unmarshal(c.Input, &in)
		select {
		case <-time.After(time.Duration(in.MS) * time.Millisecond):
			return tool.Text("slept " + c.ID), nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	reg, err := tool.NewRegistry(
		&tool.Func{ToolName: "Sleep", Schema: json.RawMessage(sleepSchema), ConcurrencySafe: tool.Always(true),
			ReadOnly: tool.Always(true), Run: sleeper},
		&tool.Func{ToolName: "Exclusive", Schema: json.RawMessage(sleepSchema), Run: sleeper},
		&tool.Func{ToolName: "Fail", Schema: json.RawMessage(`{"type":"object"}`),
			Run: func(context.Context, tool.Call) (*tool.Result, error) { return tool.ErrorText("it broke"), nil }},
		&tool.Func{ToolName: "Wait", Schema: json.RawMessage(`{"type":"object"}`), Interrupt: tool.Cancel,
			ConcurrencySafe: tool.Always(true), ReadOnly: tool.Always(true),
			Run: func(ctx context.Context, c tool.Call) (*tool.Result, error) {
				log.begin(c.ID)
				defer log.end(c.ID)
				<-ctx.Done()
				return nil, ctx.Err()
			}},
		&tool.Func{ToolName: "Append", Schema: json.RawMessage(`{"type":"object"}`), Run: appendSide},
	)
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// appendSide is the Append tool: one line per call in side.txt.
func appendSide(_ context.Context, c tool.Call) (*tool.Result, error) {
	f, err := os.OpenFile(filepath.Join(c.Env.WorkDir, "side.txt"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if _, err := fmt.Fprintf(f, "ran %s\n", c.ID); err != nil {
		return nil, err
	}
	return tool.Text("appended " + c.ID), nil
}

// sideLines returns the lines the Append tool wrote under dir.
func sideLines(t *testing.T, dir string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "side.txt"))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Fields(strings.ReplaceAll(string(data), "ran ", ""))
}

func sleep(id string, ms int) providertest.Block {
	return providertest.ToolUse(id, "Sleep", map[string]int{"ms": ms})
}

// lastUser returns the last user message of a recorded request.
func lastUser(r providertest.Request) provider.Message {
	for i := len(r.Messages) - 1; i >= 0; i-- {
		if r.Messages[i].Role == provider.RoleUser {
			return r.Messages[i]
		}
	}
	return provider.Message{}
}

func resultTexts(m provider.Message) map[string]string {
	out := map[string]string{}
	for _, b := range m.Content {
		if b.Type == provider.BlockToolResult {
			var s string
			for _, c := range b.Content {
				s += c.Text
			}
			out[b.ToolUseID] = s
		}
	}
	return out
}
