package tui

import (
	"context"
	"os/exec"
	"time"

	"corvid/internal/proctree"
	"corvid/internal/shells"
)

// bangGrace is what a stopped `!` command's processes get between
// SIGTERM and SIGKILL: short, as esc should stop it at once.
const bangGrace = 200 * time.Millisecond

// bangCommand is a `!` command ready to run in dir: the shell under a
// proctree supervisor (on Linux), in its own session with no terminal.
// Cancelling ctx sends SIGTERM to its process group; the supervisor then
// stops its whole subtree, a child that called setsid or ignores SIGTERM
// included, after bangGrace. endGroup after Wait kills what is left of
// the group.
func bangCommand(ctx context.Context, shell, command, dir string) *exec.Cmd {
	name, args := proctree.Wrap([]string{shells.FindShell(shell), "-c", command}, bangGrace, -1)
	c := exec.CommandContext(ctx, name, args...)
	c.Dir = dir
	inGroup(c)
	c.Cancel = func() error { return terminateGroup(c) }
	return c
}
