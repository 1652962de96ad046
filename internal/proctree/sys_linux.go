package proctree

import (
	"errors"
	"os"
	"syscall"
	"unsafe"
)

// reap waits for every child (the supervisor starts no other kind) and
// closes out when none is left.
func reap(out chan<- exited) {
	defer close(out)
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, 0, nil)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			return
		}
		out <- exited{pid, statusCode(ws)}
	}
}

// statusCode is a wait status as a shell reports it: 128+n for signal n.
func statusCode(ws syscall.WaitStatus) int {
	if ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return ws.ExitStatus()
}

// waitid(2) arguments.
const (
	pAll     = 0
	wNoHang  = 0x1
	wExited  = 0x4
	wNoWait  = 0x1000000
	sigInfoB = 128 // sizeof(siginfo_t)
)

// hasChildren reports whether the process still has a child, without
// reaping it.
func hasChildren() bool {
	var info [sigInfoB]byte
	_, _, errno := syscall.Syscall6(syscall.SYS_WAITID, pAll, 0, uintptr(unsafe.Pointer(&info[0])),
		wExited|wNoHang|wNoWait, 0, 0)
	return errno != syscall.ECHILD
}

// dropStdio points descriptors 0-2 at /dev/null, so the supervisor does
// not keep the command's output open.
func dropStdio() {
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		return
	}
	defer null.Close()
	for fd := range 3 {
		_ = syscall.Dup3(int(null.Fd()), fd, 0)
	}
}
