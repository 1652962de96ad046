package mcp

import "syscall"

// groupAttr starts a server in a process group of its own.
func groupAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
}

// signal stops the server: Windows has no signals to send a group, so
// any stop request kills the process.
func (p *process) signal(syscall.Signal) {
	_ = p.cmd.Process.Kill()
}
