//go:build !linux

package workspace

import "runtime"

// osVersion falls back to the operating system's name where no kernel
// release is at hand through the standard library.
func osVersion() string { return runtime.GOOS }
