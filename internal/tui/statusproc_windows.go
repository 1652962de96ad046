package tui

import "os/exec"

func shellPath() string { return "cmd.exe" }
func shellFlag() string { return "/C" }

// inGroup: Windows has no process groups to kill; the command alone is
// killed when cancelled.
func inGroup(*exec.Cmd) {}

// endGroup: nothing to do without process groups.
func endGroup(*exec.Cmd) {}

// terminateGroup kills the command: there are no process groups here.
func terminateGroup(c *exec.Cmd) error {
	if c.Process == nil {
		return nil
	}
	return c.Process.Kill()
}
