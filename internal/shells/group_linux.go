package shells

import (
	"os"
	"strconv"
	"syscall"

	"corvid/internal/proctree"
)

// liveMembers reports whether /proc lists a process of group pgid that
// is neither a zombie nor dead; known is false when /proc cannot be read.
func liveMembers(pgid int) (live, known bool) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return false, false
	}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if st, ok := proctree.ReadStat(pid); ok && st.Pgrp == pgid && st.Live() {
			return true, true
		}
	}
	return false, true
}

// sysProcAttr starts a child in its own session, so its own process
// group without a controlling terminal (as Claude Code runs its shell): a
// command that opens /dev/tty (a password prompt, a write to the
// terminal) fails with ENXIO instead of drawing over the interactive
// interface or stopping on a read. It gets SIGTERM when corvid dies (its
// supervisor then stops the whole tree). Go sends a parent-death signal
// when the creating OS thread ends, which happens only when a goroutine
// locked to its thread returns without unlocking; corvid never does that.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGTERM}
}
