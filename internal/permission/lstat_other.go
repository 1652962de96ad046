//go:build !unix

package permission

import (
	"io/fs"
	"os"
)

// lstatLink reports whether p exists (without following a final link)
// and whether it is a symbolic link.
func lstatLink(p string) (exists, link bool) {
	fi, err := os.Lstat(p)
	if err != nil {
		return false, false
	}
	return true, fi.Mode()&fs.ModeSymlink != 0
}
