//go:build !linux && !windows

package shells

import "syscall"

// liveMembers cannot tell exited members apart without /proc.
func liveMembers(int) (live, known bool) { return false, false }

// sysProcAttr starts a child in its own process group.
func sysProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }
