//go:build windows

package shells

import "syscall"

// liveMembers cannot tell exited members apart on Windows.
func liveMembers(int) (live, known bool) { return false, false }

// sysProcAttr starts a child in a new process group of its own.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
}
