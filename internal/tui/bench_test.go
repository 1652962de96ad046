package tui

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"corvid/internal/event"
	"corvid/internal/permission"
	"corvid/internal/provider"
)

// benchModel is a model drawing on a discarded terminal of 100×30, with
// a conversation that is open (fake, never called).
func benchModel(tb testing.TB) *model {
	tb.Helper()
	o := Options{Cwd: "/work/proj", ConfigDir: tb.TempDir(), Profile: colorprofile.ANSI, Width: 100}
	m := newModel(context.Background(), o, newBridge())
	m.scr = newScreen(io.Discard, 100, 30)
	m.conv = &fakeConv{}
	return m
}

func delta(text string) tea.Msg {
	return eventMsg{event.Delta{Kind: event.KindText, Text: text}}
}

// streamingTail puts a turn in the middle of a stream: an unfinished
// paragraph, a list and an open code block in the live region, and a
// running tool.
func streamingTail(m *model) {
	m.busy = true
	m.Update(delta(strings.Repeat("Streaming **answer** with `code` and words. ", 20) + "\n\n- one\n- two\n\n```go\n" +
		strings.Repeat("func f(x int) string { return fmt.Sprint(x) }\n", 10)))
	m.Update(streamTickMsg{})
	m.Update(eventMsg{event.Assistant{Block: provider.Block{Type: provider.BlockToolUse, ID: "t1", Name: "Bash",
		Input: json.RawMessage(`{"command":"go test ./..."}`)}}})
}

// BenchmarkKeystrokeWhileStreaming is a key typed while an answer
// streams: from the key's message to the frame written (the goal is
// ≤ 5 ms).
func BenchmarkKeystrokeWhileStreaming(b *testing.B) {
	m := benchModel(b)
	streamingTail(m)
	keys := []tea.KeyPressMsg{{Code: 'a', Text: "a"}, {Code: tea.KeyBackspace}}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		m.Update(keys[i%2])
		i++
	}
}

// BenchmarkStreamFrame is one frame of a stream: a delta arrives and
// the frame timer fires (the tail re-rendered and drawn).
func BenchmarkStreamFrame(b *testing.B) {
	m := benchModel(b)
	streamingTail(m)
	b.ReportAllocs()
	for b.Loop() {
		m.Update(delta("x := 1 "))
		m.Update(streamTickMsg{})
	}
}

// BenchmarkPaste1MB is a 1 MB paste of 20,000 lines accepted into the
// input (collapsed to a placeholder) and drawn (the goal is ≤ 100 ms).
func BenchmarkPaste1MB(b *testing.B) {
	line := strings.Repeat("x", 49) + "\n"
	paste := tea.PasteMsg{Content: strings.Repeat(line, 1<<20/len(line))}
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		m := benchModel(b)
		b.StartTimer()
		m.Update(paste)
	}
}

// BenchmarkSession2000Turns runs 2,000 turns (a prompt, a streamed
// answer, a tool call with output) through the interface and reports
// the heap it keeps afterwards: what was printed lives in the
// terminal's scrollback, not in the process (the goal for the whole
// process is ≤ 60 MiB).
func BenchmarkSession2000Turns(b *testing.B) {
	for b.Loop() {
		m := benchModel(b)
		m.o.now = time.Now
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		answer := strings.Repeat("An answer paragraph with some **bold** words. ", 10) + "\n\n```go\nfunc f() {}\n```\n"
		for i := range sessionTurns {
			m.Update(tea.PasteMsg{Content: "prompt " + itoa(i)})
			m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
			m.busy = true
			m.Update(delta(answer))
			m.Update(streamTickMsg{})
			m.Update(eventMsg{event.Assistant{Block: provider.TextBlock(answer)}})
			id := "t" + itoa(i)
			m.Update(eventMsg{event.Assistant{Block: provider.Block{Type: provider.BlockToolUse, ID: id, Name: "Bash",
				Input: json.RawMessage(`{"command":"ls"}`)}}})
			m.Update(eventMsg{event.ToolResult{ToolUseID: id, Block: provider.Block{Type: provider.BlockToolResult,
				Content: []provider.Block{provider.TextBlock(strings.Repeat("file.go\n", 50))}}}})
			m.Update(turnDoneMsg{})
		}
		runtime.GC()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/(1<<20), "MiB-kept")
		runtime.KeepAlive(m)
	}
}

// sessionTurns is the length of BenchmarkSession2000Turns's session.
var sessionTurns = 2000

func init() {
	if s := os.Getenv("TUI_BENCH_TURNS"); s != "" {
		sessionTurns, _ = strconv.Atoi(s)
	}
}

// BenchmarkPaste1MBThroughInput is the same paste as the terminal sends
// it (bracketed, 1 MB of bytes) read and decoded by the program's input
// reader, until the placeholder is in the input box.
func BenchmarkPaste1MBThroughInput(b *testing.B) {
	line := strings.Repeat("x", 49) + "\n"
	paste := "\x1b[200~" + strings.Repeat(line, 1<<20/len(line)) + "\x1b[201~"
	b.StopTimer()
	for range b.N {
		shown := make(chan struct{})
		var once sync.Once
		o := Options{Cwd: "/work/proj", ConfigDir: b.TempDir(), Profile: colorprofile.Ascii, Width: 100,
			onView: func(v string) {
				if strings.Contains(v, "[Pasted text #1") {
					once.Do(func() { close(shown) })
				}
			}}
		o.Open = func(context.Context, event.Sink, permission.Asker, string) (Backend, error) { return &fakeConv{}, nil }
		pr, pw := io.Pipe()
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			done <- run(ctx, o, newScreen(io.Discard, 100, 30), pr, nil, func(func(tea.Msg), <-chan struct{}) {})
		}()
		b.StartTimer()
		if _, err := io.WriteString(pw, paste); err != nil {
			b.Fatal(err)
		}
		<-shown
		b.StopTimer()
		cancel()
		pw.Close()
		<-done
	}
}
