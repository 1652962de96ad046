//go:build !linux

package handover

import "os"

// terminal: the early hand-over is Linux's; elsewhere internal/cli
// hands over.
func terminal(*os.File) bool { return false }

func execTUI(string, []string) {}
