//go:build unix

package spill

import (
	"os"
	"path/filepath"
	"syscall"
)

// freeSpace is what an unprivileged writer may still use on dir's
// filesystem (the nearest existing ancestor's, if dir is not there yet).
func freeSpace(dir string) (int64, error) {
	for {
		var st syscall.Statfs_t
		err := syscall.Statfs(dir, &st)
		if err == nil {
			return int64(st.Bavail) * int64(st.Bsize), nil
		}
		parent := filepath.Dir(dir)
		if !os.IsNotExist(err) || parent == dir {
			return 0, err
		}
		dir = parent
	}
}
