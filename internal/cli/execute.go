package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"corvid/internal/app"
	"corvid/internal/event"
	"corvid/internal/executor"
	"corvid/internal/sdk"
)

// defaultForceQuitGrace is how long a hard stop (SIGTERM, or a second
// signal) waits for the run: longer than the run takes to stop its tools
// (TERM, the kill grace, KILL), so that the interrupted results, the
// transcript and the result frame are written before corvid exits.
var defaultForceQuitGrace = app.StopBound + 2*time.Second

// execute reads the prompt and runs it, rendering events on stdout.
func (c *CLI) execute(ctx context.Context, inv *invocation) outcome {
	hardCtx, hardCancel := context.WithCancelCause(ctx)
	defer hardCancel(nil)
	// promptCtx ends on any signal, so a signal while stdin is read stops
	// the read; the run itself gets the hard context plus the interrupt
	// channel, which a first SIGINT closes.
	promptCtx, promptCancel := context.WithCancelCause(hardCtx)
	defer promptCancel(nil)
	interrupt := make(chan struct{})
	var once sync.Once
	soft := func() {
		once.Do(func() { close(interrupt); promptCancel(executor.ErrInterrupted) })
	}
	var sigs signals
	stop := make(chan struct{})
	defer close(stop)
	go sigs.watch(c.Signals, stop, soft, hardCancel)

	if inv.listSessions {
		return c.listSessions(inv)
	}
	if inv.interactive {
		o := c.interactive(hardCtx, inv)
		o.signal = sigs.received()
		return o
	}
	if inv.streamInput {
		o, finished := c.serveHost(hardCtx, inv, interrupt)
		if !finished { // forced quit: the run may still be writing; leave it
			return outcome{signal: sigs.received()}
		}
		o.signal = sigs.received()
		return o
	}
	prompt, err := c.prompt(promptCtx, inv)
	if err != nil {
		return outcome{signal: sigs.received(), err: err}
	}
	opts, r, err := c.options(inv, prompt)
	if err != nil {
		return outcome{err: err}
	}
	opts.Interrupt = interrupt
	ret, finished := c.runAndWait(hardCtx, opts)
	if !finished { // forced quit: the run may still be writing; leave it
		return outcome{signal: sigs.received()}
	}
	return c.settle(sigs.received(), r, ret)
}

// options completes the invocation's app.Options and makes the renderer.
func (c *CLI) options(inv *invocation, prompt string) (app.Options, *renderer, error) {
	cwd, err := c.getwd()
	if err != nil {
		return app.Options{}, nil, fmt.Errorf("finding the working directory: %w", err)
	}
	out, err := sdk.New(c.Stdout, sdk.Options{Format: inv.format, Verbose: inv.verbose,
		MaxTurns: inv.opts.MaxTurns, MaxBudgetUSD: inv.opts.MaxBudgetUSD, Stderr: c.Stderr})
	if err != nil {
		return app.Options{}, nil, err
	}
	r := &renderer{out: out, frames: inv.format != sdk.FormatText}
	opts := inv.opts
	opts.Prompt, opts.Cwd = prompt, cwd
	opts.Getenv, opts.Stderr, opts.Sink = c.getenv, c.Stderr, r.publish
	return opts, r, nil
}

// runReturn is what the Runner returned.
type runReturn struct {
	res event.Result
	err error
}

// runAndWait runs the prompt on its own goroutine and waits for it. After
// hardCtx ends (SIGTERM or a second signal) it waits at most ForceQuitGrace more and
// then reports finished=false, abandoning the run to the process's exit.
func (c *CLI) runAndWait(hardCtx context.Context, opts app.Options) (runReturn, bool) {
	done := make(chan runReturn, 1)
	run := c.Runner
	if run == nil {
		run = app.Run
	}
	go func() {
		res, err := run(hardCtx, opts)
		done <- runReturn{res, err}
	}()
	return c.waitRun(hardCtx, done)
}

// waitRun waits for a run's return; after hardCtx ends it waits at most
// ForceQuitGrace more and then reports finished=false.
func (c *CLI) waitRun(hardCtx context.Context, done <-chan runReturn) (runReturn, bool) {
	select {
	case r := <-done:
		return r, true
	case <-hardCtx.Done():
	}
	grace := c.ForceQuitGrace
	if grace <= 0 {
		grace = defaultForceQuitGrace
	}
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case r := <-done:
		return r, true
	case <-t.C:
		return runReturn{}, false
	}
}

// settle completes the output once the run returned: the result is
// rendered if the run did not publish one, and write errors count.
func (c *CLI) settle(sig os.Signal, r *renderer, ret runReturn) outcome {
	res := ret.res
	if ret.err != nil {
		if r.frames && !r.sawResult {
			r.publish(failureResult(ret.err))
			_ = r.out.Close() // the run's error is the one reported
		}
		return outcome{signal: sig, err: ret.err}
	}
	if !r.sawResult {
		r.publish(res)
	}
	if err := r.out.Close(); err != nil {
		return outcome{signal: sig, err: err, result: &res}
	}
	return outcome{signal: sig, result: &res}
}

// renderer forwards events to the output and notes whether a result went
// by, so that exactly one is printed.
type renderer struct {
	out       sdk.Renderer
	sawResult bool
	// frames is set for the json and stream-json formats, whose output
	// ends with a result frame even when the run could not start.
	frames bool
}

func (r *renderer) publish(ev event.Event) {
	if _, ok := ev.(event.Result); ok && !event.Nested(ev) {
		r.sawResult = true
	}
	r.out.Publish(ev)
}

// listSessions prints the working directory's conversations (a bare
// --resume in print mode, where there is no picker to open).
func (c *CLI) listSessions(inv *invocation) outcome {
	opts, _, err := c.options(inv, "")
	if err != nil {
		return outcome{err: err}
	}
	text, err := app.Sessions(opts)
	if err != nil {
		return outcome{err: err}
	}
	_, err = io.WriteString(c.Stdout, text)
	return outcome{err: err}
}
