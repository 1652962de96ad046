package session

import (
	"errors"
	"os"
	"syscall"
)

const fallocKeepSize = 0x1 // FALLOC_FL_KEEP_SIZE

// fallocate allocates n bytes of f from off without changing its size.
func fallocate(f *os.File, off, n int64) error {
	for {
		err := syscall.Fallocate(int(f.Fd()), fallocKeepSize, off, n)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}
