package bash

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"github.com/google/uuid"

	"corvid/internal/shells"
	"corvid/internal/spill"
	"corvid/internal/tool"
)

// drainGrace is how long output is still read after the shell exits. A
// process the command left running in the background may hold the
// output pipe open; it does not make the call wait.
const drainGrace = 200 * time.Millisecond

var errTimedOut = errors.New("command timed out")

// outcome is how a foreground command ended.
type outcome struct {
	out         captured
	exitCode    int
	timedOut    bool
	interrupted bool
	cwd         string // the shell's final directory, "" if unknown
}

// foreground runs the command and waits for it.
func (t *bashTool) foreground(ctx context.Context, call tool.Call, in input) *tool.Result {
	script, cwdFile := envPrelude(call.Env.SessionDir)+in.Command, ""
	if f, err := os.CreateTemp("", "corvid-cwd-*"); err == nil { // without it, cd does not persist
		f.Close()
		defer os.Remove(f.Name())
		script, cwdFile = cwdTrap(f.Name())+script, f.Name()
	}
	timeout := in.timeout(t.opts)
	o, err := t.run(ctx, call, script, timeout)
	if err != nil {
		return tool.ErrorText(fmt.Sprintf("Could not start the command: %v", err))
	}
	if cwdFile != "" {
		if data, err := os.ReadFile(cwdFile); err == nil {
			o.cwd = trimNewline(string(data))
		}
	}
	return t.result(call.Env, in, o, timeout)
}

// run starts the script, streams its output into a capture and waits
// for the shell, stopping everything it started on timeout or
// cancellation. What the command left running is the job's: its
// supervisor stops what still holds the output and keeps the rest, which
// the shell manager stops when the conversation ends.
func (t *bashTool) run(ctx context.Context, call tool.Call, script string, timeout time.Duration) (*outcome, error) {
	runCtx, cancel := context.WithTimeoutCause(ctx, timeout, errTimedOut)
	defer cancel()
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	job, err := shells.StartJob(t.shell, script, call.Env.WorkDir, t.env(), w, t.opts.KillGrace)
	w.Close()
	if err != nil {
		return nil, err
	}
	c := newCapture(t.opts.MaxOutput, spillOpener(call, t.opts.Spill))
	reading := make(chan struct{})
	go func() {
		defer close(reading)
		c.readFrom(r)
	}()
	stopProgress := startProgress(call.Progress, c)
	select {
	case <-job.Exited():
	case <-runCtx.Done():
		job.Stop()
	}
	r.SetReadDeadline(time.Now().Add(drainGrace))
	<-reading
	stopProgress()
	t.release(job)
	o := &outcome{out: c.result(), exitCode: job.Code()}
	o.timedOut = errors.Is(context.Cause(runCtx), errTimedOut)
	o.interrupted = !o.timedOut && runCtx.Err() != nil
	return o, nil
}

// release hands a job whose shell has exited to the shell manager, which
// stops what is left of it when the conversation ends; without one it is
// stopped now.
func (t *bashTool) release(job *shells.Job) {
	if t.shells == nil {
		job.Stop()
		return
	}
	t.shells.Adopt(job)
}

// unsafeName matches what may not appear in a spill file name.
var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_-]`)

// spillOpener returns the function that creates the file the output goes
// to when it is too long: <SessionDir>/tool-results/bash-<id>.txt, within
// budget's limits.
func spillOpener(call tool.Call, budget *spill.Budget) func() (*spill.Writer, error) {
	return func() (*spill.Writer, error) {
		if call.Env.SessionDir == "" {
			return nil, errors.New("no session directory")
		}
		name := unsafeName.ReplaceAllString(call.ID, "_")
		if name == "" {
			name = uuid.NewString()
		}
		return budget.Create(call.Env.SessionDir, filepath.Join(call.Env.SessionDir, "tool-results", "bash-"+name+".txt"))
	}
}
