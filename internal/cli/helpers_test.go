package cli

import (
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"corvid/internal/app"
	"corvid/internal/event"
)

// harness runs the CLI against buffers and a fake runner.
type harness struct {
	cli            *CLI
	stdout, stderr bytes.Buffer
	// got is the app.Options the runner received; ran says it was called.
	got app.Options
	ran bool
}

// okResult is what the default fake run returns.
var okResult = event.Result{Subtype: event.SubtypeSuccess, Text: "ok", SessionID: "s-1"}

func newHarness(stdin string) *harness {
	h := &harness{}
	var in io.Reader
	if stdin != "" {
		in = strings.NewReader(stdin)
	}
	h.cli = &CLI{
		Stdin: in, Stdout: &h.stdout, Stderr: &h.stderr,
		Getenv:  func(string) string { return "" },
		Getwd:   func() (string, error) { return "/work/proj", nil },
		Geteuid: func() int { return 1000 },
		Runner: func(_ context.Context, opts app.Options) (event.Result, error) {
			opts.Sink(okResult)
			return okResult, nil
		},
		StdinWait:      time.Second,
		ForceQuitGrace: 50 * time.Millisecond,
	}
	return h
}

// withRunner replaces the fake run; the harness still records its options.
func (h *harness) withRunner(run Runner) *harness {
	h.cli.Runner = run
	return h
}

// exec runs args and records the options the runner saw.
func (h *harness) exec(args ...string) int {
	run := h.cli.Runner
	h.cli.Runner = func(ctx context.Context, opts app.Options) (event.Result, error) {
		h.got, h.ran = opts, true
		return run(ctx, opts)
	}
	defer func() { h.cli.Runner = run }()
	return h.cli.Execute(context.Background(), args)
}

// pipeStdin makes stdin a pipe that stays open and empty until the test
// ends.
func (h *harness) pipeStdin(t *testing.T) {
	r, w := io.Pipe()
	t.Cleanup(func() { w.Close() })
	h.cli.Stdin = r
}

// ttyStdin makes stdin look like a terminal that must not be read.
func (h *harness) ttyStdin(t *testing.T) {
	h.cli.Stdin = failReader{t}
	h.cli.StdinIsTerminal = func() bool { return true }
}

type failReader struct{ t *testing.T }

func (f failReader) Read([]byte) (int, error) {
	f.t.Error("terminal stdin was read")
	return 0, io.EOF
}

// devNull opens os.DevNull for a test.
func devNull(t *testing.T) *os.File {
	f, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}
