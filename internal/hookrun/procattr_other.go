//go:build !linux && !windows

package hookrun

import "syscall"

// procAttr starts a command in its own process group.
func procAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }
