//go:build !windows

package mcp

import "syscall"

// groupAttr starts a server in a process group of its own, so that what
// it starts is stopped with it.
func groupAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// signal sends sig to the server's whole process group.
func (p *process) signal(sig syscall.Signal) {
	_ = syscall.Kill(-p.cmd.Process.Pid, sig)
}
