package executor

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"corvid/internal/tool"
)

// harness drives an executor with fake tools whose calls block until the
// test releases them, so every interleaving is chosen by the test.
type harness struct {
	t       *testing.T
	mu      sync.Mutex
	gates   map[string]chan string // id → release with a result text
	started []string
	active  int
	peak    int
	envs    map[string]tool.Env
	reg     *tool.Registry
}

const objSchema = `{"type":"object","properties":{"n":{"type":"integer"},"fail":{"type":"boolean"},"command":{"type":"string"}},"additionalProperties":false}`

func newHarness(t *testing.T) *harness {
	h := &harness{t: t, gates: map[string]chan string{}, envs: map[string]tool.Env{}}
	reg, err := tool.NewRegistry(
		h.fake("Safe", true, tool.Block, false),
		h.fake("Excl", false, tool.Block, false),
		h.fake("Cancelable", true, tool.Cancel, false),
		h.fake("Bash", false, tool.Cancel, true),
		h.reader(),
	)
	if err != nil {
		t.Fatal(err)
	}
	h.reg = reg
	return h
}

func (h *harness) fake(name string, safe bool, ib tool.InterruptBehavior, sib bool) tool.Tool {
	return &tool.Func{ToolName: name, Desc: name, Schema: json.RawMessage(objSchema),
		ConcurrencySafe: tool.Always(safe), Interrupt: ib, SiblingAbort: sib,
		Run: func(ctx context.Context, c tool.Call) (*tool.Result, error) { return h.run(ctx, c) }}
}

// reader is a read-only, concurrency-safe tool that blocks on interrupt.
func (h *harness) reader() tool.Tool {
	t := h.fake("Reader", true, tool.Block, false).(*tool.Func)
	t.ReadOnly = tool.Always(true)
	return t
}

func (h *harness) gate(id string) chan string {
	h.mu.Lock()
	defer h.mu.Unlock()
	g, ok := h.gates[id]
	if !ok {
		g = make(chan string, 1)
		h.gates[id] = g
	}
	return g
}

func (h *harness) run(ctx context.Context, c tool.Call) (*tool.Result, error) {
	h.mu.Lock()
	h.started = append(h.started, c.ID)
	h.active++
	h.peak = max(h.peak, h.active)
	h.envs[c.ID] = c.Env
	h.mu.Unlock()
	defer func() { h.mu.Lock(); h.active--; h.mu.Unlock() }()
	var in struct {
		Fail bool `json:"fail"`
	}
	_ = json.Unmarshal(c.Input, &in)
	select {
	case text := <-h.gate(c.ID):
		if in.Fail {
			return tool.ErrorText(text), nil
		}
		return tool.Text(text), nil
	case <-ctx.Done():
		return nil, context.Cause(ctx)
	}
}

func (h *harness) release(id string) { h.gate(id) <- "done " + id }

func (h *harness) startedIDs() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.started...)
}

func (h *harness) executor(ctx context.Context, cfg Config) *Executor {
	cfg.Tools = h.reg
	return New(ctx, cfg)
}

func call(id, name string, input string) Call {
	if input == "" {
		input = "{}"
	}
	return Call{ID: id, Name: name, Input: json.RawMessage(input)}
}

// results keeps the result updates, as "id:text".
func results(ups []Update) []string {
	var out []string
	for _, u := range ups {
		if u.Result != nil {
			out = append(out, fmt.Sprintf("%s:%s", u.Call.ID, u.Result.TextOf()))
		}
	}
	return out
}

func drain(e *Executor) []Update {
	var out []Update
	for u := range e.Remaining() {
		out = append(out, u)
	}
	return out
}
