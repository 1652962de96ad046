//go:build unix

package permission

import "syscall"

// lstatLink reports whether p exists (without following a final link)
// and whether it is a symbolic link: os.Lstat without building a
// FileInfo, which path resolution never reads.
func lstatLink(p string) (exists, link bool) {
	var st syscall.Stat_t
	for {
		err := syscall.Lstat(p, &st)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return false, false
		}
		return true, st.Mode&syscall.S_IFMT == syscall.S_IFLNK
	}
}
