package tui

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"go.uber.org/goleak"

	"corvid/internal/event"
	"corvid/internal/permission"
)

// However the input is cut into reads, the paste comes out whole, in
// its place, and the keys around it pass through untouched; except a
// cut right after the start marker's Esc, which is passed on as the Esc
// key (a terminal writes the marker with the paste, so a read ends
// there only if the Esc key was pressed just before pasting).
func TestPasteScannerAnySplit(t *testing.T) {
	text := "line one\nline \x1b[A two\x1b"
	input := "ab\x1b" + pasteStart + text + pasteEnd + "cd\x1b[200" + pasteStart + "x" + pasteEnd
	for i := 0; i <= len(input); i++ {
		for j := i; j <= len(input); j++ {
			if escCut(input, i) || escCut(input, j) {
				continue
			}
			var sc pasteScanner
			var kept []string
			keep := func(s string) string { kept = append(kept, s); return "T" + itoa(len(kept)) }
			var out []byte
			for _, piece := range []string{input[:i], input[i:j], input[j:]} {
				out = append(out, sc.feed([]byte(piece), keep)...)
			}
			want := "ab\x1b" + pasteStart + "T1" + pasteEnd + "cd\x1b[200" + pasteStart + "T2" + pasteEnd
			if string(out) != want || len(kept) != 2 || kept[0] != text || kept[1] != "x" {
				t.Fatalf("split %d/%d: out %q kept %q", i, j, out, kept)
			}
		}
	}
}

// A lone Esc at the end of a read is passed on at once (it is the Esc
// key, not the start of a paste); a paste over the limit is kept only to
// one byte past it.
func TestPasteScannerEscAndCap(t *testing.T) {
	var sc pasteScanner
	if out := sc.feed([]byte("\x1b"), nil); string(out) != "\x1b" {
		t.Fatalf("a lone Esc was held back: %q", out)
	}
	var got string
	sc.feed([]byte(pasteStart), nil)
	chunk := []byte(strings.Repeat("y", 1<<20))
	for range maxPaste>>20 + 2 {
		sc.feed(chunk, nil)
	}
	sc.feed([]byte(pasteEnd), func(s string) string { got = s; return "T" })
	if len(got) != maxPaste+1 {
		t.Fatalf("kept %d bytes of an oversized paste, want %d", len(got), maxPaste+1)
	}
}

// Through the program's real input path: a large paste read from the
// terminal shows as a placeholder, and enter sends its whole text.
func TestPasteThroughInput(t *testing.T) {
	// The reading goroutine and the pipe end with the interface.
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	conv := &fakeConv{}
	views := make(chan string, 1024)
	o := Options{Cwd: "/work/proj", ConfigDir: t.TempDir(), Profile: colorprofile.Ascii, Width: 100,
		onView: func(v string) {
			select {
			case views <- v:
			default:
			}
		}}
	o.Open = func(_ context.Context, sink event.Sink, _ permission.Asker, _ string) (Backend, error) {
		conv.sink = sink
		return conv, nil
	}
	pr, pw, err := os.Pipe() // a file, as a terminal is: its reading can be cancelled
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, o, newScreen(io.Discard, 100, 30), pr, nil, func(func(tea.Msg), <-chan struct{}) {})
	}()
	defer cancel()
	defer pw.Close()
	text := strings.Repeat("pasted line\n", 300)
	if _, err := io.WriteString(pw, "say "+pasteStart+text+pasteEnd); err != nil {
		t.Fatal(err)
	}
	waitView(t, views, "> say [Pasted text #1 +300 lines]")
	if _, err := io.WriteString(pw, "\r"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(15 * time.Second)
	for len(conv.promptTexts()) == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if got := conv.promptTexts(); len(got) != 1 || got[0] != "say "+strings.TrimSuffix(text, "\n")+"\n" && got[0] != "say "+text {
		t.Fatalf("prompts %q", got)
	}
	if _, err := io.WriteString(pw, "\x04"); err != nil { // ctrl+d on the empty input: exit
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("ctrl+d did not end the interface")
	}
}

// escCut: input cut at i leaves a start marker's Esc alone at the end.
func escCut(input string, i int) bool {
	return i > 0 && strings.HasPrefix(input[i-1:], pasteStart)
}

func waitView(t *testing.T, views <-chan string, want string) {
	t.Helper()
	timeout := time.After(15 * time.Second)
	last := ""
	for {
		select {
		case v := <-views:
			if last = ansi.Strip(v); strings.Contains(last, want) {
				return
			}
		case <-timeout:
			t.Fatalf("no view with %q; last:\n%s", want, last)
		}
	}
}
