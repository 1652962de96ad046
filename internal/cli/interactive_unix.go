//go:build !windows

package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"unsafe"
)

// execTUI replaces this process with corvid-tui, found beside the
// corvid executable or else on PATH, with the same arguments and
// environment. It returns only on failure.
func execTUI(args []string) error {
	path := ""
	if exe, err := os.Executable(); err == nil {
		if p := filepath.Join(filepath.Dir(exe), tuiExecutable); isExecutable(p) {
			path = p
		}
	}
	if path == "" {
		p, err := exec.LookPath(tuiExecutable)
		if err != nil {
			return errNoTUI
		}
		path = p
	}
	argv := append([]string{path}, args...)
	if err := syscall.Exec(path, argv, os.Environ()); err != nil {
		return fmt.Errorf("starting %s: %w", path, err)
	}
	return nil
}

func isExecutable(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0
}

func isTTY(v any) bool {
	f, ok := v.(*os.File)
	if !ok {
		return false
	}
	// The plain syscall, not x/sys/unix: corvid's package graph (and so
	// its start-up) stays as it was.
	var t syscall.Termios
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), ioctlGetTermios, uintptr(unsafe.Pointer(&t)))
	return errno == 0
}
