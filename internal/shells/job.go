package shells

import (
	"io"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"time"

	"corvid/internal/proctree"
)

// stopSlack is how much longer than its grace Stop waits for the
// supervisor to finish before it sends SIGKILL to the group itself.
const stopSlack = time.Second

// statusFD is the supervisor's descriptor for the shell's status: the
// first of exec.Cmd.ExtraFiles.
const statusFD = 3

// Job is a foreground command: `shell -c script` in its own process group,
// on Linux under a proctree supervisor that reports the shell's exit at
// once and stays while descendants that detached from the output live.
type Job struct {
	cmd    *exec.Cmd
	cgroup *proctree.Cgroup // nil without a writable cgroup v2 hierarchy
	grace  time.Duration
	once   sync.Once
	code   int
	exited chan struct{} // closed once the shell's status is known
	done   chan struct{} // closed once the started process has been reaped
}

// StartJob starts `shell -c script` in dir with env (nil: the parent's),
// its stdout and stderr going to out. grace is the time between SIGTERM
// and SIGKILL when the job is stopped.
func StartJob(shell, script, dir string, env []string, out *os.File, grace time.Duration) (*Job, error) {
	j := &Job{grace: grace, code: -1, exited: make(chan struct{}), done: make(chan struct{})}
	fd := -1
	var status, statusW *os.File
	if proctree.Supervised {
		r, w, err := os.Pipe()
		if err != nil {
			return nil, err
		}
		status, statusW, fd = r, w, statusFD
	}
	name, args := proctree.Wrap([]string{shell, "-c", script}, grace, fd)
	newCmd := func() *exec.Cmd {
		cmd := exec.Command(name, args...)
		cmd.Dir, cmd.Env, cmd.SysProcAttr = dir, env, sysProcAttr()
		cmd.Stdout, cmd.Stderr = out, out
		if statusW != nil {
			cmd.ExtraFiles = []*os.File{statusW}
		}
		return cmd
	}
	if statusW != nil {
		defer statusW.Close()
	}
	if err := j.start(newCmd); err != nil {
		if status != nil {
			status.Close()
		}
		return nil, err
	}
	if status != nil {
		go j.readStatus(status)
	}
	go j.wait()
	return j, nil
}

// start starts the command in a cgroup of its own when one can be made,
// else (or when that fails) without.
func (j *Job) start(newCmd func() *exec.Cmd) error {
	j.cmd = newCmd()
	if j.cgroup = proctree.NewCgroup(); j.cgroup == nil {
		return j.cmd.Start()
	}
	j.cgroup.Apply(j.cmd.SysProcAttr)
	if err := j.cmd.Start(); err == nil {
		return nil
	}
	j.cgroup.Remove()
	j.cgroup, j.cmd = nil, newCmd()
	return j.cmd.Start()
}

// readStatus takes the shell's status from the supervisor; it ends when
// the supervisor has written it or has died.
func (j *Job) readStatus(r *os.File) {
	defer r.Close()
	data, _ := io.ReadAll(io.LimitReader(r, 16))
	if code, err := strconv.Atoi(string(data)); err == nil {
		j.setCode(code)
	}
}

// wait reaps the started process; its status stands for the shell's
// when the supervisor did not report one.
func (j *Job) wait() {
	err := j.cmd.Wait()
	j.setCode(exitCode(j.cmd, err))
	j.cgroup.Remove() // and whatever escaped the supervisor with it
	close(j.done)
}

func (j *Job) setCode(code int) {
	j.once.Do(func() {
		j.code = code
		close(j.exited)
	})
}

// Exited is closed once the shell has exited.
func (j *Job) Exited() <-chan struct{} { return j.exited }

// Code is the shell's exit status (128+n for signal n), -1 while unknown.
func (j *Job) Code() int {
	select {
	case <-j.exited:
		return j.code
	default:
		return -1
	}
}

// Done is closed once nothing of the job is left (on Linux: once its
// supervisor, which outlives every descendant, has been reaped).
func (j *Job) Done() <-chan struct{} { return j.done }

// StopBound is the longest Stop, Kill or Close may take for a process
// group given grace between SIGTERM and SIGKILL.
func StopBound(grace time.Duration) time.Duration { return grace + stopSlack + reapBound }

// Stop ends the job: SIGTERM to its process group (the supervisor passes
// it to every descendant and sends SIGKILL after the grace), then SIGKILL
// to the group if it is still there a little later. It returns once the
// job is gone, or after a bounded wait.
func (j *Job) Stop() {
	if isClosed(j.done) {
		return // the group id may name someone else's group by now
	}
	StopGroup(j.cmd.Process.Pid, j.grace+stopSlack, j.done)
	j.cgroup.Kill()
}
