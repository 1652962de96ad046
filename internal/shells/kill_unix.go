//go:build unix

package shells

import "syscall"

// killGroup sends sig to every process of group pgid (0 probes it).
func killGroup(pgid int, sig syscall.Signal) error { return syscall.Kill(-pgid, sig) }
