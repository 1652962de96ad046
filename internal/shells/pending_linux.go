package shells

import (
	"os"
	"syscall"
	"unsafe"
)

// pending is how many bytes wait in pipe r (FIONREAD); 0 when unknown.
func pending(r *os.File) int {
	conn, err := r.SyscallConn()
	if err != nil {
		return 0
	}
	var n int32
	var errno syscall.Errno
	if conn.Control(func(fd uintptr) {
		_, _, errno = syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TIOCINQ, uintptr(unsafe.Pointer(&n)))
	}) != nil || errno != 0 {
		return 0
	}
	return int(n)
}
