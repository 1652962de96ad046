//go:build windows

package shells

import (
	"os"
	"os/exec"
	"strconv"
	"syscall"
)

// killGroup on Windows, which has no process groups to signal: signal 0
// probes whether the leader still exists; any other signal ends the
// leader and its descendants at once with `taskkill /T /F` (there is no
// graceful SIGTERM first, and a descendant that left the tree survives).
func killGroup(pgid int, sig syscall.Signal) error {
	if sig == 0 {
		p, err := os.FindProcess(pgid)
		if err != nil {
			return syscall.ESRCH
		}
		return p.Release()
	}
	return exec.Command("taskkill", "/T", "/F", "/PID", strconv.Itoa(pgid)).Run()
}
