//go:build windows

package cli

// execTUI: corvid-tui is not handed over to on Windows yet.
func execTUI([]string) error { return errNoTUI }

// isTTY: the interactive interface is not offered on Windows yet.
func isTTY(any) bool { return false }
