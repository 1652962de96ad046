//go:build darwin || freebsd || netbsd || openbsd

package cli

import "syscall"

// ioctlGetTermios reads a terminal's settings (fails on anything else).
const ioctlGetTermios = syscall.TIOCGETA
