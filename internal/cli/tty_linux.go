//go:build linux

package cli

import "syscall"

// ioctlGetTermios reads a terminal's settings (fails on anything else).
const ioctlGetTermios = syscall.TCGETS
