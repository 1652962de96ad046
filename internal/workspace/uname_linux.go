//go:build linux

package workspace

import (
	"runtime"
	"syscall"
)

// osVersion is what uname -sr prints, e.g. "Linux 6.8.0".
func osVersion() string {
	var u syscall.Utsname
	if err := syscall.Uname(&u); err != nil {
		return runtime.GOOS
	}
	return cString(u.Sysname[:]) + " " + cString(u.Release[:])
}

// cString reads a NUL-terminated C string; utsname fields are signed on
// some architectures and unsigned on others.
func cString[T int8 | uint8](field []T) string {
	b := make([]byte, 0, len(field))
	for _, c := range field {
		if c == 0 {
			break
		}
		b = append(b, byte(c))
	}
	return string(b)
}
