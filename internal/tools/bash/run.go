package bash

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"syscall"
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
	script, cwdFile := in.Command, ""
	if f, err := os.CreateTemp("", "corvid-cwd-*"); err == nil { // without it, cd does not persist
		f.Close()
		defer os.Remove(f.Name())
		script, cwdFile = cwdTrap(f.Name())+in.Command, f.Name()
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

// run starts the script, streams its output into a capture and waits,
// stopping the whole process group on timeout or cancellation.
func (t *bashTool) run(ctx context.Context, call tool.Call, script string, timeout time.Duration) (*outcome, error) {
	runCtx, cancel := context.WithTimeoutCause(ctx, timeout, errTimedOut)
	defer cancel()
	sh, err := t.start(runCtx, call.Env.WorkDir, script)
	if err != nil {
		return nil, err
	}
	defer sh.out.Close()
	c := newCapture(t.opts.MaxOutput, spillOpener(call, t.opts.Spill))
	reading := make(chan struct{})
	go func() {
		defer close(reading)
		c.readFrom(sh.out)
	}()
	stopProgress := startProgress(call.Progress, c)
	sh.cmd.Wait() // the exit status is read from ProcessState
	if runCtx.Err() != nil {
		t.stopLeftovers(sh.cmd.Process.Pid, sh.stopped)
	}
	sh.out.SetReadDeadline(time.Now().Add(drainGrace))
	<-reading
	stopProgress()
	o := &outcome{out: c.result(), exitCode: exitCode(sh.cmd.ProcessState)}
	o.timedOut = errors.Is(context.Cause(runCtx), errTimedOut)
	o.interrupted = !o.timedOut && runCtx.Err() != nil
	return o, nil
}

// started is a running shell: its command, the read end of the pipe its
// stdout and stderr share, and when its group was sent SIGTERM (set by
// exec.Cmd.Cancel, read after Wait).
type started struct {
	cmd     *exec.Cmd
	out     *os.File
	stopped time.Time
}

// start starts the shell in its own process group. When runCtx ends, the
// group gets SIGTERM, and the shell SIGKILL after the grace period.
func (t *bashTool) start(runCtx context.Context, dir, script string) (*started, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer w.Close()
	sh := &started{cmd: shells.Command(runCtx, t.shell, script, dir, t.env()), out: r}
	sh.cmd.Stdout, sh.cmd.Stderr = w, w
	sh.cmd.WaitDelay = t.opts.KillGrace
	term := sh.cmd.Cancel
	sh.cmd.Cancel = func() error {
		sh.stopped = time.Now()
		return term()
	}
	if err := sh.cmd.Start(); err != nil {
		r.Close()
		return nil, err
	}
	return sh, nil
}

// stopLeftovers ends what a stopped shell left in its process group,
// giving it the rest of the grace period that began at stopped.
func (t *bashTool) stopLeftovers(pgid int, stopped time.Time) {
	grace := t.opts.KillGrace
	if !stopped.IsZero() {
		grace = max(0, grace-time.Since(stopped))
	}
	reaped := make(chan struct{}) // Wait has reaped the shell
	close(reaped)
	shells.StopGroup(pgid, grace, reaped)
}

// exitCode is the shell's exit status, 128+n when signal n ended it.
func exitCode(st *os.ProcessState) int {
	if st == nil {
		return -1
	}
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return st.ExitCode()
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
