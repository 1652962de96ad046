//go:build !linux

package proctree

import "time"

// Supervised is false: Wrap runs the command directly.
const Supervised = false

// Wrap returns argv unchanged: there is no supervisor here.
func Wrap(argv []string, _ time.Duration, _ int) (string, []string) { return argv[0], argv[1:] }
