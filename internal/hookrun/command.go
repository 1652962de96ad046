package hookrun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"corvid/internal/hook"
	"corvid/internal/proctree"
	"corvid/internal/shells"
)

// drainDelay bounds how long the output is still read after the command
// exited and its group was killed (a process that left the group with
// setsid may hold the pipe); then the pipes are closed.
const drainDelay = 500 * time.Millisecond

// supervisorGrace is the supervisor's TERM-to-KILL grace; corvid kills
// the group with SIGKILL itself, so it rarely matters.
const supervisorGrace = 200 * time.Millisecond

// result is how one process run ended.
type result struct {
	code           int // exit status; -1 when it did not exit on its own
	stdout, stderr *capture
	combined       *capture // both, in the order they arrived
	err            error    // ErrTimeout, ErrCancelled, ErrStart; nil when it exited
}

// argv is the program and arguments of a command handler: the shell
// string under the shell, or the exec form with its program looked up.
func (r *Runner) argv(h hook.Handler) ([]string, error) {
	if h.Command != "" {
		return []string{shells.FindShell(r.opts.Shell), "-c", h.Command}, nil
	}
	prog := h.Args[0]
	if !filepath.IsAbs(prog) {
		if filepath.Base(prog) != prog {
			prog = filepath.Join(r.opts.Dir, prog)
		} else if p, err := exec.LookPath(prog); err == nil {
			prog = p
		} else {
			return nil, err
		}
	}
	return append([]string{prog}, h.Args[1:]...), nil
}

// statusFD is the supervisor's descriptor for the command's exit
// status (the first of ExtraFiles).
const statusFD = 3

// stopBound bounds how long a stopped supervisor may take to end its
// subtree (TERM, grace, KILL, reap) before the group gets SIGKILL.
const stopBound = supervisorGrace + 2*time.Second

// runCommand runs a command handler with input on stdin until it exits
// or ctx ends, then has its supervisor stop and reap whatever it left.
func (r *Runner) runCommand(ctx context.Context, h hook.Handler, env []string, input []byte) result {
	res := result{code: -1, stdout: newCapture(MaxOutput), stderr: newCapture(MaxOutput),
		combined: newCapture(2 * MaxOutput)}
	argv, err := r.argv(h)
	if err != nil {
		res.err = fmt.Errorf("%w: %v", ErrStart, err)
		return res
	}
	statusR, statusW, err := os.Pipe()
	if err != nil {
		res.err = fmt.Errorf("%w: %v", ErrStart, err)
		return res
	}
	defer statusR.Close()
	name, args := proctree.Wrap(argv, supervisorGrace, statusFD)
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env, cmd.Stdin = r.opts.Dir, env, bytes.NewReader(input)
	cmd.SysProcAttr = procAttr()
	cmd.ExtraFiles = []*os.File{statusW}
	cmd.WaitDelay = drainDelay // bounds the stdin copy a leftover child may block
	outR, errR, drained, err := pipes(cmd, io.MultiWriter(res.stdout, res.combined),
		io.MultiWriter(res.stderr, res.combined))
	if err != nil {
		statusW.Close()
		res.err = fmt.Errorf("%w: %v", ErrStart, err)
		return res
	}
	err = cmd.Start()
	closeAll(cmd.Stdout, cmd.Stderr, statusW) // the child holds the write ends now
	if err != nil {
		finishDrain(drained, outR, errR)
		res.err = fmt.Errorf("%w: %v", ErrStart, err)
		return res
	}
	status := make(chan int, 1)
	go func() { status <- readStatus(statusR) }()
	waited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(waited) }()
	select {
	case res.code = <-status:
	case <-ctx.Done():
		res.err = ErrCancelled
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			res.err = ErrTimeout
		}
	}
	stop(cmd, waited)
	if res.code < 0 && res.err == nil {
		res.code = exitCode(cmd) // the supervisor died without reporting
	}
	finishDrain(drained, outR, errR)
	return res
}

// readStatus reads the status the supervisor reports once the command
// has exited; -1 when it died without one.
func readStatus(r *os.File) int {
	data, _ := io.ReadAll(io.LimitReader(r, 16))
	code, err := strconv.Atoi(string(data))
	if err != nil {
		return -1
	}
	return code
}

// stop asks the supervisor to end what is left below it (SIGTERM, then
// SIGKILL after its grace; it reaps them all and exits) and waits for it,
// bounded; past the bound the whole group gets SIGKILL.
func stop(cmd *exec.Cmd, waited <-chan struct{}) {
	select {
	case <-waited:
		return
	default:
	}
	_ = cmd.Process.Signal(syscall.SIGTERM)
	t := time.NewTimer(stopBound)
	defer t.Stop()
	select {
	case <-waited:
	case <-t.C:
		_ = shells.SignalGroup(cmd.Process.Pid, syscall.SIGKILL)
		<-waited
	}
}

// exitCode is the command's exit status (128+n for signal n).
func exitCode(cmd *exec.Cmd) int {
	if cmd.ProcessState == nil {
		return -1
	}
	if st, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok {
		if st.Signaled() {
			return 128 + int(st.Signal())
		}
		return st.ExitStatus()
	}
	return cmd.ProcessState.ExitCode()
}
