//go:build windows

package tui

import (
	"os"

	tea "charm.land/bubbletea/v2"
)

// watchResize: size changes are not followed on Windows yet.
func watchResize(_ *os.File, _ func(tea.Msg), stop <-chan struct{}) { <-stop }
