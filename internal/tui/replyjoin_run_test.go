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
	"go.uber.org/goleak"

	"corvid/internal/event"
	"corvid/internal/permission"
)

// Through the program's real input path: the terminal's answer to the
// background query arrives in two pieces with more time between them
// than the input decoder waits for the rest of a sequence (as over a
// slow ssh link), cut inside and right after its Esc. The keys typed
// after it reach the input box and the prompt alone: before, the
// answer's second piece was typed into the box ("ffff/ffff/ffffhi").
func TestSplitAnswerLeavesNoGarbage(t *testing.T) {
	for _, cut := range []int{1, 9} { // after the Esc; after "rgb:"
		t.Run(strings.ReplaceAll(lightAnswer[:cut], "\x1b", "ESC"), func(t *testing.T) {
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
			pr, pw, err := os.Pipe()
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
			waitView(t, views, "default mode")
			write(t, pw, lightAnswer[:cut])
			time.Sleep(300 * time.Millisecond) // the gap: six times the decoder's 50 ms
			write(t, pw, lightAnswer[cut:]+"hi")
			waitView(t, views, "> hi")
			write(t, pw, "\r")
			deadline := time.Now().Add(15 * time.Second)
			for len(conv.promptTexts()) == 0 && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			if got := conv.promptTexts(); len(got) != 1 || got[0] != "hi" {
				t.Fatalf("prompts %q, want [\"hi\"]", got)
			}
			write(t, pw, "\x04")
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(15 * time.Second):
				t.Fatal("ctrl+d did not end the interface")
			}
		})
	}
}

func write(t *testing.T, w io.Writer, s string) {
	t.Helper()
	if _, err := io.WriteString(w, s); err != nil {
		t.Fatal(err)
	}
}
