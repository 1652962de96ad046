//go:build windows

package spill

import (
	"os"
	"path/filepath"

	"golang.org/x/sys/windows"
)

// freeSpace is what the current user may still use on dir's volume (the
// nearest existing ancestor's, if dir is not there yet).
func freeSpace(dir string) (int64, error) {
	for {
		p, err := windows.UTF16PtrFromString(dir)
		if err != nil {
			return 0, err
		}
		var avail uint64
		err = windows.GetDiskFreeSpaceEx(p, &avail, nil, nil)
		if err == nil {
			return int64(min(avail, 1<<62)), nil
		}
		parent := filepath.Dir(dir)
		if _, serr := os.Stat(dir); !os.IsNotExist(serr) || parent == dir {
			return 0, err
		}
		dir = parent
	}
}
