package host

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"corvid/internal/event"
	"corvid/internal/permission"
	"corvid/internal/provider"
	"corvid/internal/sdk"
)

// fakeConv is a Conversation whose turns the test controls: with hold
// set, a turn waits until release or Interrupt.
type fakeConv struct {
	sink event.Sink
	hold bool

	mu          sync.Mutex
	prompts     [][]provider.Block
	mode, model string
	interrupts  int
	closed      bool
	release     chan struct{}
	started     chan struct{} // a turn began
}

func newFakeConv(sink event.Sink, hold bool) *fakeConv {
	return &fakeConv{sink: sink, hold: hold, mode: "default", model: "m0",
		release: make(chan struct{}, 16), started: make(chan struct{}, 16)}
}

func (f *fakeConv) Submit(ctx context.Context, prompt []provider.Block) event.Result {
	f.sink(f.Info())
	f.mu.Lock()
	f.prompts = append(f.prompts, prompt)
	f.mu.Unlock()
	f.started <- struct{}{}
	res := event.Result{Subtype: event.SubtypeSuccess, Text: "ok"}
	if f.hold {
		select {
		case <-f.release:
		case <-ctx.Done():
		}
		f.mu.Lock()
		if f.interrupts > 0 {
			res = event.Result{Subtype: event.SubtypeDuringExecution, IsError: true, Errors: []string{"Interrupted by user"}}
		}
		f.mu.Unlock()
	}
	f.sink(res)
	return res
}

func (f *fakeConv) Interrupt() {
	f.mu.Lock()
	f.interrupts++
	f.mu.Unlock()
	f.release <- struct{}{}
}

func (f *fakeConv) SetPermissionMode(m permission.Mode) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.mode = string(m)
	return nil
}

func (f *fakeConv) SetModel(name string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.model = name
	return nil
}

func (f *fakeConv) SetMaxThinkingTokens(int) {}

func (f *fakeConv) Info() event.Init {
	f.mu.Lock()
	defer f.mu.Unlock()
	return event.Init{SessionID: "s1", Model: f.model, PermissionMode: f.mode}
}

func (f *fakeConv) Close() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closed = true
}

// session is a running host with pipes on both sides.
type session struct {
	t     *testing.T
	in    *io.PipeWriter
	out   *io.PipeReader
	lines chan map[string]any
	// skipped are lines read by expect that did not match.
	skipped []map[string]any
	conv    *fakeConv
	setup   Setup
	// open, when set before the first message, replaces the fake
	// conversation.
	open func(context.Context, Setup) (Conversation, error)
	done chan struct{}
	res  event.Result
	err  error
	mu   sync.Mutex
}

// start runs a host over a fake conversation.
func start(t *testing.T, hold bool, opts Options) *session {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, in: inW, out: outR, lines: make(chan map[string]any, 256), done: make(chan struct{})}
	opts.In, opts.Out = inR, outW
	opts.Render = sdk.Options{Format: sdk.FormatStreamJSON, Verbose: true}
	opts.Open = func(ctx context.Context, su Setup) (Conversation, error) {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.setup = su
		if s.open != nil {
			return s.open(ctx, su)
		}
		s.conv = newFakeConv(su.Sink, hold)
		return s.conv, nil
	}
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				t.Errorf("output line is not JSON: %q", sc.Text())
				continue
			}
			s.lines <- m
		}
		close(s.lines)
	}()
	go func() {
		defer close(s.done)
		s.res, s.err = Run(t.Context(), opts)
		outW.Close()
	}()
	return s
}

// send writes one input line.
func (s *session) send(line string) {
	s.t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.t.Fatalf("writing input: %v", err)
	}
}

// expect waits for the next output line matching want (type, and
// subtype when given), returning it; other lines are skipped, except
// that lines skipped by an earlier expect are looked at first.
func (s *session) expect(typ, sub string) map[string]any {
	s.t.Helper()
	match := func(m map[string]any) bool {
		return m["type"] == typ && (sub == "" || m["subtype"] == sub || responseSubtype(m) == sub)
	}
	for i, m := range s.skipped {
		if match(m) {
			s.skipped = append(s.skipped[:i:i], s.skipped[i+1:]...)
			return m
		}
	}
	timeout := time.After(60 * time.Second)
	for {
		select {
		case m, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("output ended while waiting for %s/%s", typ, sub)
			}
			if match(m) {
				return m
			}
			s.skipped = append(s.skipped, m)
		case <-timeout:
			s.t.Fatalf("no %s/%s frame within 60s; skipped: %v", typ, sub, s.skipped)
		}
	}
}

func responseSubtype(m map[string]any) string {
	r, _ := m["response"].(map[string]any)
	s, _ := r["subtype"].(string)
	return s
}

// finish closes the input and waits for Run; the rest of the output is
// returned.
func (s *session) finish() []map[string]any {
	s.t.Helper()
	s.in.Close()
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
		s.t.Fatal("Run did not return after the input ended")
	}
	var rest []map[string]any
	for m := range s.lines {
		rest = append(rest, m)
	}
	return rest
}

func user(text string) string {
	id := text
	if len(id) > 16 {
		id = id[:16]
	}
	b, _ := json.Marshal(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": text},
		"parent_tool_use_id": nil, "uuid": "u-" + id})
	return string(b)
}

func request(id, body string) string {
	return `{"type":"control_request","request_id":"` + id + `","request":` + body + `}`
}

func count(lines []map[string]any, typ string) int {
	n := 0
	for _, m := range lines {
		if m["type"] == typ {
			n++
		}
	}
	return n
}

func contains(m map[string]any, s string) bool {
	b, _ := json.Marshal(m)
	return strings.Contains(string(b), s)
}
