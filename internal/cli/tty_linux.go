//go:build linux

package cli

import "golang.org/x/sys/unix"

// ioctlGetTermios reads a terminal's settings (fails on anything else).
const ioctlGetTermios = unix.TCGETS
