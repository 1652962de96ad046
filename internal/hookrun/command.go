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
	"sync"
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
	err            error // ErrTimeout, ErrCancelled, ErrStart; nil when it exited
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

// runCommand runs a command handler with input on stdin until it exits
// or ctx ends, then kills what is left of its process group.
func (r *Runner) runCommand(ctx context.Context, h hook.Handler, env []string, input []byte) result {
	res := result{code: -1, stdout: newCapture(MaxOutput), stderr: newCapture(MaxOutput)}
	argv, err := r.argv(h)
	if err != nil {
		res.err = fmt.Errorf("%w: %v", ErrStart, err)
		return res
	}
	name, args := proctree.Wrap(argv, supervisorGrace, -1)
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env, cmd.Stdin = r.opts.Dir, env, bytes.NewReader(input)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
	cmd.WaitDelay = drainDelay // bounds the stdin copy a leftover child may block
	outR, errR, drained, err := pipes(cmd, res.stdout, res.stderr)
	if err != nil {
		res.err = fmt.Errorf("%w: %v", ErrStart, err)
		return res
	}
	if err := cmd.Start(); err != nil {
		closeAll(cmd.Stdout, cmd.Stderr, outR, errR)
		res.err = fmt.Errorf("%w: %v", ErrStart, err)
		return res
	}
	closeAll(cmd.Stdout, cmd.Stderr) // the child holds the write ends now
	pgid := cmd.Process.Pid
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	select {
	case <-waited:
		res.code = exitCode(cmd)
	case <-ctx.Done():
		_ = shells.SignalGroup(pgid, syscall.SIGKILL)
		<-waited
		res.err = ErrCancelled
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			res.err = ErrTimeout
		}
	}
	_ = shells.SignalGroup(pgid, syscall.SIGKILL) // background children it left
	finishDrain(drained, outR, errR)
	return res
}

// pipes gives the command its own stdout and stderr pipes, copied into
// the captures by goroutines that end when every writer is gone (or the
// read ends are closed); drained closes when both are done.
func pipes(cmd *exec.Cmd, out, errw io.Writer) (outR, errR *os.File, drained chan struct{}, err error) {
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, nil, nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(outR, outW)
		return nil, nil, nil, err
	}
	cmd.Stdout, cmd.Stderr = outW, errW
	drained = make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(2)
	for _, p := range []struct {
		r *os.File
		w io.Writer
	}{{outR, out}, {errR, errw}} {
		go func() {
			defer wg.Done()
			_, _ = io.Copy(p.w, p.r)
		}()
	}
	go func() { wg.Wait(); close(drained) }()
	return outR, errR, drained, nil
}

// finishDrain waits, bounded, for the output to end, then closes the read
// ends (which ends the copies) and waits for them.
func finishDrain(drained chan struct{}, outR, errR *os.File) {
	t := time.NewTimer(drainDelay)
	defer t.Stop()
	select {
	case <-drained:
	case <-t.C:
	}
	closeAll(outR, errR)
	<-drained
}

func closeAll(fs ...any) {
	for _, f := range fs {
		if c, ok := f.(io.Closer); ok && c != nil {
			_ = c.Close()
		}
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
