package tui

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"corvid/internal/event"
	"corvid/internal/permission"
	"corvid/internal/provider"
)

// turnFunc plays one scripted turn on the fake conversation.
type turnFunc func(ctx context.Context, f *fakeConv) event.Result

// fakeConv is a scripted Backend: each Submit plays the next turn,
// publishing events through the sink the interface gave it.
type fakeConv struct {
	sink  event.Sink
	asker permission.Asker
	turns []turnFunc

	mu          sync.Mutex
	prompts     [][]provider.Block
	modes       []permission.Mode
	interrupted chan struct{}
	closed      bool
	answers     []permission.Answer
	hooks       []event.HookConfig // what Info reports for /hooks
}

func (f *fakeConv) Submit(ctx context.Context, p []provider.Block) event.Result {
	f.mu.Lock()
	n := len(f.prompts)
	f.prompts = append(f.prompts, p)
	f.interrupted = make(chan struct{})
	f.mu.Unlock()
	res := event.Result{Subtype: event.SubtypeSuccess, TotalCostUSD: 0.0123}
	if n < len(f.turns) {
		res = f.turns[n](ctx, f)
	}
	f.sink(res)
	return res
}

func (f *fakeConv) Interrupt() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.interrupted != nil {
		select {
		case <-f.interrupted:
		default:
			close(f.interrupted)
		}
	}
}

func (f *fakeConv) SetPermissionMode(m permission.Mode) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.modes = append(f.modes, m)
	return nil
}
func (f *fakeConv) SetModel(string) error { return nil }
func (f *fakeConv) Info() event.Init {
	f.mu.Lock()
	defer f.mu.Unlock()
	return event.Init{SessionID: "sess-1", Cwd: "/work/proj", Model: "claude-test", PermissionMode: "default",
		Hooks: f.hooks}
}
func (f *fakeConv) Messages() []provider.Message { return nil }
func (f *fakeConv) Close() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closed = true
}

// promptTexts returns the text of each submitted prompt.
func (f *fakeConv) promptTexts() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, p := range f.prompts {
		var parts []string
		for _, b := range p {
			parts = append(parts, b.Text)
		}
		out = append(out, strings.Join(parts, "\n"))
	}
	return out
}

func (f *fakeConv) waitInterrupt(ctx context.Context) {
	f.mu.Lock()
	ch := f.interrupted
	f.mu.Unlock()
	select {
	case <-ch:
	case <-ctx.Done():
	}
}

// stream publishes text as deltas of chunk bytes, then the block.
func (f *fakeConv) stream(text string, chunk int) {
	for i := 0; i < len(text); i += chunk {
		f.sink(event.Delta{Kind: event.KindText, Text: text[i:min(i+chunk, len(text))]})
	}
	f.sink(event.Assistant{Block: provider.TextBlock(text),
		Usage: provider.Usage{InputTokens: 20000, OutputTokens: 100}})
}

// tool publishes a call and its result.
func (f *fakeConv) tool(id, name, input, output string, isErr bool) {
	f.sink(event.Assistant{Block: provider.Block{Type: provider.BlockToolUse, ID: id, Name: name, Input: json.RawMessage(input)}})
	f.sink(event.ToolResult{ToolUseID: id, Block: provider.Block{Type: provider.BlockToolResult, ToolUseID: id,
		Content: []provider.Block{provider.TextBlock(output)}, IsError: isErr}})
}

// harness runs the interface on a fake conversation under teatest.
type harness struct {
	t    testing.TB
	tm   *teatest.TestModel
	conv *fakeConv

	term *lockedBuffer

	mu      sync.Mutex
	printed []string
	view    string
	trusted bool
}

func newHarness(t testing.TB, width int, turns []turnFunc, tweak func(*Options)) *harness {
	t.Helper()
	h := &harness{t: t, conv: &fakeConv{turns: turns}}
	o := Options{Cwd: "/work/proj", ConfigDir: t.TempDir(), Profile: colorprofile.Ascii, Width: width,
		now: func() time.Time { return time.Date(2026, 11, 26, 4, 0, 0, 0, time.UTC) }}
	o.Open = func(_ context.Context, sink event.Sink, asker permission.Asker, _ string) (Backend, error) {
		h.conv.sink, h.conv.asker = sink, asker
		return h.conv, nil
	}
	o.Trust = func() error { h.mu.Lock(); h.trusted = true; h.mu.Unlock(); return nil }
	o.onPrint = func(s string) { h.mu.Lock(); h.printed = append(h.printed, ansi.Strip(s)); h.mu.Unlock() }
	o.onView = func(s string) { h.mu.Lock(); h.view = ansi.Strip(s); h.mu.Unlock() }
	if tweak != nil {
		tweak(&o)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	br := newBridge()
	m := newModel(ctx, o, br)
	h.term = &lockedBuffer{}
	m.scr = newScreen(h.term, width, 30)
	h.tm = teatest.NewTestModel(t, m, teatest.WithInitialTermSize(width, 30),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii), tea.WithoutRenderer()))
	br.attach(h.tm.GetProgram().Send)
	t.Cleanup(func() {
		br.close()
		_ = h.tm.Quit()
		h.tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	})
	return h
}

// scrollback is everything printed so far.
func (h *harness) scrollback() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return strings.Join(h.printed, "\n")
}

func (h *harness) currentView() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.view
}

// waitFor polls until cond holds on (scrollback, view), failing after a
// generous bound.
func (h *harness) waitFor(what string, cond func(printed, view string) bool) {
	h.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if cond(h.scrollback(), h.currentView()) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	h.t.Fatalf("timed out waiting for %s\n--- scrollback:\n%s\n--- view:\n%s", what, h.scrollback(), h.currentView())
}

func (h *harness) typeLine(s string) {
	h.tm.Type(s)
	h.key(tea.KeyEnter, 0)
}

func (h *harness) key(code rune, mod tea.KeyMod) {
	h.tm.Send(tea.KeyPressMsg{Code: code, Mod: mod})
}

// lastPrompt is the text of the n-th prompt, once it was submitted.
func (h *harness) prompt(n int) string {
	h.t.Helper()
	var got []string
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if got = h.conv.promptTexts(); len(got) > n {
			return got[n]
		}
		time.Sleep(10 * time.Millisecond)
	}
	h.t.Fatalf("prompt %d never submitted (got %q)", n, got)
	return ""
}

// lockedBuffer is the fake terminal the screen writes to.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
