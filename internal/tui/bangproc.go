package tui

import (
	"context"
	"os/exec"
	"syscall"
	"time"

	"corvid/internal/proctree"
	"corvid/internal/shells"
)

// bangGrace is what a stopped `!` command's processes get between
// SIGTERM and SIGKILL: short, as esc should stop it at once.
const bangGrace = 200 * time.Millisecond

// bangCommand is a `!` command ready to run in dir: the shell under a
// proctree supervisor (on Linux), in its own session with no terminal.
// Cancelling ctx sends SIGTERM to the supervisor, which then stops its
// whole subtree, a child that called setsid or ignores SIGTERM included,
// after bangGrace (elsewhere the process group gets it). endGroup after
// Wait kills what is left of the group.
func bangCommand(ctx context.Context, shell, command, dir string) *exec.Cmd {
	name, args := proctree.Wrap([]string{shells.FindShell(shell), "-c", command}, bangGrace, -1)
	c := exec.CommandContext(ctx, name, args...)
	c.Dir = dir
	inGroup(c)
	c.Cancel = func() error {
		if proctree.Supervised && c.Process != nil {
			// The supervisor alone: it stops the whole subtree. Were the
			// shell signalled too, it could exit first, and a supervisor
			// whose shell has exited leaves the rest behind.
			return c.Process.Signal(syscall.SIGTERM)
		}
		return terminateGroup(c)
	}
	return c
}
