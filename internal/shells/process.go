package shells

import (
	"context"
	"errors"
	"os/exec"
	"syscall"
	"time"

	"corvid/internal/proctree"
)

// groupPoll is how often StopGroup checks whether a group is gone, and
// reapBound how long it waits for killed members to disappear.
const (
	groupPoll = 10 * time.Millisecond
	reapBound = 2 * time.Second
)

// supervisorGrace is the time a background shell's supervisor gives its
// processes between SIGTERM and SIGKILL when the shell is killed; it is
// shorter than DefaultKillGrace, after which the whole group gets SIGKILL.
const supervisorGrace = DefaultKillGrace * 2 / 3

// FindShell resolves the shell that runs commands: name (a path or a
// program on PATH; "" means bash), or /bin/sh when it cannot be found.
func FindShell(name string) string {
	if name == "" {
		name = "bash"
	}
	if path, err := exec.LookPath(name); err == nil {
		return path
	}
	return "/bin/sh"
}

// Command returns `shell -c script` ready to start in its own process
// group, in dir, with env (nil: the parent's), reading /dev/null. On
// Linux the shell runs under a proctree supervisor, which ends with the
// shell; its exit status is the shell's. When ctx ends, the whole group
// gets SIGTERM; the caller sets WaitDelay and calls StopGroup after Wait
// to finish the job.
func Command(ctx context.Context, shell, script, dir string, env []string) *exec.Cmd {
	name, args := proctree.Wrap([]string{shell, "-c", script}, supervisorGrace, -1)
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.SysProcAttr = sysProcAttr()
	cmd.Cancel = func() error { return SignalGroup(cmd.Process.Pid, syscall.SIGTERM) }
	return cmd
}

// SignalGroup sends sig to every process of group pgid. A group that is
// already gone is not an error.
func SignalGroup(pgid int, sig syscall.Signal) error {
	if pgid <= 0 {
		return errors.New("shells: invalid process group")
	}
	if err := killGroup(pgid, sig); err != nil && !errors.Is(err, syscall.ESRCH) {
		return err
	}
	return nil
}

// GroupAlive reports whether process group pgid still has a member
// that has not exited. Exited members waiting to be reaped (zombies,
// which init may take a while to collect) do not count where /proc
// tells them apart.
func GroupAlive(pgid int) bool {
	if err := killGroup(pgid, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return false
	}
	live, known := liveMembers(pgid)
	return live || !known
}

// StopGroup ends process group pgid: SIGTERM to every member, SIGKILL to
// whatever is left once grace has passed, then a bounded wait until no
// member remains. exited, closed once the group leader has been reaped,
// lets it stop waiting early; the leader's parent must reap it.
func StopGroup(pgid int, grace time.Duration, exited <-chan struct{}) {
	if pgid <= 0 {
		return
	}
	_ = SignalGroup(pgid, syscall.SIGTERM)
	deadline := time.NewTimer(grace)
	defer deadline.Stop()
	select {
	case <-exited:
		if !awaitGone(pgid, deadline.C) {
			kill(pgid, exited)
		}
	case <-deadline.C:
		kill(pgid, exited)
	}
}

// kill sends SIGKILL to the group and waits, bounded, for the leader to
// be reaped and the members to be gone.
func kill(pgid int, exited <-chan struct{}) {
	_ = SignalGroup(pgid, syscall.SIGKILL)
	bound := time.NewTimer(reapBound)
	defer bound.Stop()
	select {
	case <-exited:
	case <-bound.C:
		return
	}
	awaitGone(pgid, bound.C)
}

// awaitGone polls until group pgid has no member (true) or deadline
// fires (false).
func awaitGone(pgid int, deadline <-chan time.Time) bool {
	tick := time.NewTicker(groupPoll)
	defer tick.Stop()
	for GroupAlive(pgid) {
		select {
		case <-deadline:
			return false
		case <-tick.C:
		}
	}
	return true
}
