package cli

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"syscall"
	"testing"

	"corvid/internal/app"
	"corvid/internal/event"
	"corvid/internal/executor"
)

func TestExitCode(t *testing.T) {
	fail := &event.Result{Subtype: event.SubtypeMaxTurns, IsError: true}
	ok := &event.Result{Subtype: event.SubtypeSuccess}
	tests := []struct {
		name string
		o    outcome
		want int
	}{
		{"success", outcome{result: ok}, 0},
		{"nothing to do (help)", outcome{}, 0},
		{"error result", outcome{result: fail}, 1},
		{"failure", outcome{err: errors.New("no key")}, 1},
		{"SIGINT beats success", outcome{signal: os.Interrupt, result: ok}, 130},
		{"SIGINT beats failure", outcome{signal: syscall.SIGINT, err: errors.New("x"), result: fail}, 130},
		{"SIGTERM", outcome{signal: syscall.SIGTERM, result: fail}, 143},
	}
	for _, tt := range tests {
		if got := exitCode(tt.o); got != tt.want {
			t.Errorf("%s: exit %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestRunOutcomes(t *testing.T) {
	apiErr := event.Result{Subtype: event.SubtypeSuccess, IsError: true, Text: "API Error: 401 bad key"}
	maxTurns := event.Result{Subtype: event.SubtypeMaxTurns, IsError: true,
		Errors: []string{"Reached maximum number of turns (2)"}}
	tests := []struct {
		name           string
		args           []string
		run            Runner
		code           int
		stdout, stderr string
	}{
		{"success", []string{"-p", "hi"}, publishing(okResult), 0, "ok\n", ""},
		{"api error result", []string{"-p", "hi"}, publishing(apiErr), 1, "API Error: 401 bad key\n", ""},
		{"max turns", []string{"-p", "--max-turns", "2", "hi"}, publishing(maxTurns), 1,
			"Error: Reached max turns (2)\n", ""},
		{"startup failure", []string{"-p", "hi"},
			func(context.Context, app.Options) (event.Result, error) {
				return event.Result{}, errors.New("no API key: set ANTHROPIC_API_KEY")
			}, 1, "", "Error: no API key: set ANTHROPIC_API_KEY\n"},
		{"result only returned", []string{"-p", "hi"},
			func(context.Context, app.Options) (event.Result, error) { return okResult, nil },
			0, "ok\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness("").withRunner(tt.run)
			code := h.exec(tt.args...)
			if code != tt.code || h.stdout.String() != tt.stdout || h.stderr.String() != tt.stderr {
				t.Errorf("code %d stdout %q stderr %q; want %d %q %q", code, h.stdout.String(),
					h.stderr.String(), tt.code, tt.stdout, tt.stderr)
			}
		})
	}
}

// publishing is a run that publishes res and returns it.
func publishing(res event.Result) Runner {
	return func(_ context.Context, opts app.Options) (event.Result, error) {
		opts.Sink(res)
		return res, nil
	}
}

func TestStreamJSONOutputHasOneResult(t *testing.T) {
	h := newHarness("").withRunner(func(_ context.Context, opts app.Options) (event.Result, error) {
		opts.Sink(event.Init{SessionID: "s-1", Model: "m"})
		opts.Sink(okResult)
		return okResult, nil
	})
	if code := h.exec("-p", "--output-format", "stream-json", "--verbose", "hi"); code != 0 {
		t.Fatalf("exit %d: %s", code, h.stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(h.stdout.String()), "\n")
	var results int
	for _, l := range lines {
		var f struct{ Type string }
		if err := json.Unmarshal([]byte(l), &f); err != nil {
			t.Fatalf("bad line %q", l)
		}
		if f.Type == "result" {
			results++
		}
	}
	if len(lines) != 2 || results != 1 {
		t.Errorf("want init + one result, got:\n%s", h.stdout.String())
	}
}

func TestWriteErrorFails(t *testing.T) {
	h := newHarness("")
	h.cli.Stdout = brokenWriter{}
	if code := h.exec("-p", "hi"); code != 1 || !strings.Contains(h.stderr.String(), "writing output") {
		t.Errorf("code %d, stderr %q", code, h.stderr.String())
	}
}

type brokenWriter struct{}

func (brokenWriter) Write([]byte) (int, error) { return 0, syscall.EPIPE }

// waitingRun returns a run that waits for a soft interrupt or the end of
// its context, records which (ErrInterrupted for the soft one, else the
// context's cause), then publishes an interrupted result.
func waitingRun(cause *error) Runner {
	return func(ctx context.Context, opts app.Options) (event.Result, error) {
		select {
		case <-opts.Interrupt:
			*cause = executor.ErrInterrupted
		case <-ctx.Done():
			*cause = context.Cause(ctx)
		}
		res := event.Result{Subtype: event.SubtypeDuringExecution, IsError: true,
			Errors: []string{"interrupted"}}
		opts.Sink(res)
		return res, nil
	}
}

func TestSignals(t *testing.T) {
	tests := []struct {
		name  string
		sig   os.Signal
		cause error
		code  int
	}{
		{"SIGINT interrupts", os.Interrupt, executor.ErrInterrupted, 130},
		{"SIGTERM terminates", syscall.SIGTERM, ErrTerminated, 143},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var cause error
			h := newHarness("").withRunner(waitingRun(&cause))
			sigs := make(chan os.Signal, 1)
			sigs <- tt.sig
			h.cli.Signals = sigs
			if code := h.exec("-p", "hi"); code != tt.code {
				t.Errorf("exit %d, want %d", code, tt.code)
			}
			if !errors.Is(cause, tt.cause) {
				t.Errorf("run cancelled with %v, want %v", cause, tt.cause)
			}
			if h.stdout.String() != "Execution error: interrupted\n" {
				t.Errorf("the run's result was not printed: %q", h.stdout.String())
			}
		})
	}
}

func TestSecondSignalForcesQuit(t *testing.T) {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	h := newHarness("").withRunner(func(ctx context.Context, _ app.Options) (event.Result, error) {
		<-ctx.Done() // a run that does not stop when asked
		<-release
		return event.Result{}, nil
	})
	sigs := make(chan os.Signal, 2)
	sigs <- os.Interrupt
	sigs <- os.Interrupt
	h.cli.Signals = sigs
	if code := h.exec("-p", "hi"); code != 130 {
		t.Errorf("exit %d, want 130", code)
	}
}

func TestSignalWhileReadingStdin(t *testing.T) {
	h := newHarness("")
	h.pipeStdin(t) // stays empty; no prompt argument, so no timeout
	sigs := make(chan os.Signal, 1)
	sigs <- syscall.SIGTERM
	h.cli.Signals = sigs
	if code := h.exec("-p"); code != 143 || h.ran {
		t.Errorf("exit %d ran %v, want 143 without running", code, h.ran)
	}
}
