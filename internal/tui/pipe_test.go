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

	"corvid/internal/event"
	"corvid/internal/permission"
)

// pipeSession is the interface run through its real input path: a pipe
// is its terminal input (a file, as a terminal is: its reading can be
// cancelled), over a fake conversation, 100 columns wide.
type pipeSession struct {
	t     *testing.T
	conv  *fakeConv
	views chan string
	in    *os.File
	done  chan error
}

// startPipe starts the interface; exit ends it. The pipe is closed and
// the run cancelled at the test's cleanup in any case.
func startPipe(t *testing.T) *pipeSession {
	t.Helper()
	p := &pipeSession{t: t, conv: &fakeConv{}, views: make(chan string, 1024), done: make(chan error, 1)}
	o := Options{Cwd: "/work/proj", ConfigDir: t.TempDir(), Profile: colorprofile.Ascii, Width: 100,
		onView: func(v string) {
			select {
			case p.views <- v:
			default:
			}
		}}
	o.Open = func(_ context.Context, sink event.Sink, _ permission.Asker, _ string) (Backend, error) {
		p.conv.sink = sink
		return p.conv, nil
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	p.in = pw
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(func() { cancel(); pw.Close(); pr.Close() })
	go func() {
		p.done <- run(ctx, o, newScreen(io.Discard, 100, 30), pr, nil, func(func(tea.Msg), <-chan struct{}) {})
	}()
	return p
}

// write types s on the terminal.
func (p *pipeSession) write(s string) {
	p.t.Helper()
	if _, err := io.WriteString(p.in, s); err != nil {
		p.t.Fatal(err)
	}
}

// waitView waits for a view containing want.
func (p *pipeSession) waitView(want string) {
	p.t.Helper()
	waitView(p.t, p.views, want)
}

// prompts waits for n prompts and returns the texts of all sent.
func (p *pipeSession) prompts(n int) []string {
	p.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for len(p.conv.promptTexts()) < n && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	return p.conv.promptTexts()
}

// exit presses ctrl+d on the empty input and waits for the end.
func (p *pipeSession) exit() {
	p.t.Helper()
	p.write("\x04")
	select {
	case err := <-p.done:
		if err != nil {
			p.t.Fatal(err)
		}
	case <-time.After(15 * time.Second):
		p.t.Fatal("ctrl+d did not end the interface")
	}
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
