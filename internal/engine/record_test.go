package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"corvid/internal/cost"
	"corvid/internal/provider"
	"corvid/internal/provider/providertest"
)

// spyRecorder logs the calls the engine makes, in order.
// With failOn set, the record breaks at the first call logged with that
// text: Err reports it from then on.
type spyRecorder struct {
	mu     sync.Mutex
	calls  []string
	marks  int
	failOn string
	err    error
}

func (s *spyRecorder) log(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := fmt.Sprintf(format, args...)
	s.calls = append(s.calls, c)
	if s.failOn != "" && c == s.failOn && s.err == nil {
		s.err = errors.New("/cfg/s.jsonl: no space left on device")
	}
}

func (s *spyRecorder) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

func (s *spyRecorder) User(b []provider.Block, meta bool) { s.log("user meta=%v %s", meta, b[0].Text) }
func (s *spyRecorder) Assistant(a AssistantBlock) {
	s.log("assistant %s %s %s", a.MessageID, a.Block.Type, a.Block.ID)
}
func (s *spyRecorder) ToolResult(b provider.Block, _ any) { s.log("result %s", b.ToolUseID) }
func (s *spyRecorder) Note(sub, _ string)                 { s.log("note %s", sub) }
func (s *spyRecorder) Compacted(tr string, _ int, h []provider.Message, _ string) {
	s.log("compacted %s %d", tr, len(h))
}
func (s *spyRecorder) Cost(cost.State) { s.log("cost") }
func (s *spyRecorder) Mark() any {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.marks++
	return s.marks
}
func (s *spyRecorder) Rewind(m any) { s.log("rewind %v", m) }
func (s *spyRecorder) Sync()        { s.log("sync") }

func (s *spyRecorder) all() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.calls)
}

func TestRecordingOrderAndSyncBeforeSideEffects(t *testing.T) {
	spy := &spyRecorder{}
	f := newFixture(t, providertest.Scenario{Turns: []providertest.Turn{
		{MessageID: "m1", Blocks: []providertest.Block{providertest.Text("looking"), sleep("r", 1),
			providertest.ToolUse("x", "Exclusive", map[string]int{"ms": 1})}},
		{MessageID: "m2", Blocks: []providertest.Block{providertest.Text("done")}},
	}}, func(c *Config) { c.Transcript = spy })
	f.submit(t, t.Context(), "go")
	calls := spy.all()
	got := strings.Join(calls, "\n")
	want := strings.Join([]string{
		"user meta=false go",
		"assistant m1 text ",
		"assistant m1 tool_use r", // read-only: no sync
	}, "\n")
	// The read-only call runs as soon as its block closes, so its result
	// may be recorded before or after the next block: no order is asked
	// of it. The exclusive call's block is recorded, then synced, before
	// that call can start (and so before its result).
	at := func(c string) int { return slices.Index(calls, c) }
	x, sync, resX := at("assistant m1 tool_use x"), at("sync"), at("result x")
	if !strings.HasPrefix(got, want) || x < 0 || sync < x || resX < sync {
		t.Fatalf("recorded calls:\n%s\nwant them to start with:\n%s\nthen the exclusive call's block, a sync, its result", got, want)
	}
	for _, w := range []string{"result r", "result x", "assistant m2 text ", "cost"} {
		if !strings.Contains(got, w) {
			t.Errorf("no %q in\n%s", w, got)
		}
	}
	if calls[len(calls)-1] != "sync" || calls[len(calls)-2] != "cost" {
		t.Errorf("the turn must end with the cost state, then a sync: %v", calls[len(calls)-2:])
	}
}

func TestDiscardedResponseIsRewound(t *testing.T) {
	spy := &spyRecorder{}
	f := newFixture(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("partial"), providertest.Text("more")}, CutAfter: 5},
		{Blocks: []providertest.Block{providertest.Text("whole")}},
	}}, func(c *Config) { c.Transcript = spy })
	if res := f.submit(t, t.Context(), "go"); res.IsError {
		t.Fatalf("result %+v", res)
	}
	got := strings.Join(spy.all(), "\n")
	// Mark 1 is taken before the prompt (for a rewind to it), mark 2 at
	// it (its file checkpoints' key), mark 3 before the response that is
	// cut.
	if !strings.Contains(got, "rewind 3") {
		t.Errorf("the cut response was not rewound:\n%s", got)
	}
}
