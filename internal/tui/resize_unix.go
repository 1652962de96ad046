//go:build !windows

package tui

import (
	"os"
	"os/signal"
	"syscall"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"
)

// watchResize reports the terminal's new size on each SIGWINCH until
// stop closes.
func watchResize(out *os.File, send func(tea.Msg), stop <-chan struct{}) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGWINCH)
	defer signal.Stop(ch)
	for {
		select {
		case <-stop:
			return
		case <-ch:
			if w, h, err := term.GetSize(out.Fd()); err == nil {
				send(tea.WindowSizeMsg{Width: w, Height: h})
			}
		}
	}
}
