//go:build !windows

package tui

import (
	"os/exec"
	"syscall"
)

func shellPath() string { return "/bin/sh" }
func shellFlag() string { return "-c" }

// inGroup starts c in its own session (so its own process group) and
// makes cancelling c kill the whole group, so a statusLine script's or a
// `!` command's children go with it. The new session has no controlling
// terminal: a program that opens /dev/tty (a password prompt, a write to
// the terminal) fails cleanly instead of drawing over the interface or
// stopping on a read.
func inGroup(c *exec.Cmd) {
	c.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	c.Cancel = func() error {
		if c.Process == nil {
			return nil
		}
		return syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
	}
}

// endGroup kills what is left of c's process group once c has exited
// (children it started in the background), so nothing it ran outlives
// the run.
func endGroup(c *exec.Cmd) {
	if c.Process != nil {
		_ = syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
	}
}

// terminateGroup sends SIGTERM to c's process group (its supervisor
// stops the rest; see bangCommand).
func terminateGroup(c *exec.Cmd) error {
	if c.Process == nil {
		return nil
	}
	return syscall.Kill(-c.Process.Pid, syscall.SIGTERM)
}
