//go:build linux

package handover

import (
	"os"
	"syscall"
	"unsafe"
)

// terminal reports whether f is a terminal (its settings can be read).
func terminal(f *os.File) bool {
	var t syscall.Termios
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), syscall.TCGETS, uintptr(unsafe.Pointer(&t)))
	return errno == 0
}

// execTUI replaces this process with path, the same arguments and
// environment; it returns only if that fails.
func execTUI(path string, args []string) {
	_ = syscall.Exec(path, append([]string{path}, args...), os.Environ())
}
