package tui

import (
	"io"
	"os"

	"github.com/charmbracelet/x/term"
)

// handOver returns the function that gives the terminal to another
// program: the live region erased, paste and key modes off, the
// terminal out of raw mode; its resume undoes that.
func handOver(in, out *os.File, scr *screen, state *term.State) func() (*os.File, *os.File, func(), error) {
	return func() (*os.File, *os.File, func(), error) {
		_ = scr.clear()
		_, _ = io.WriteString(out, keysOff+pasteOff)
		if err := term.Restore(in.Fd(), state); err != nil {
			return nil, nil, nil, err
		}
		return in, out, func() {
			_, _ = term.MakeRaw(in.Fd())
			_, _ = io.WriteString(out, pasteOn+keysOn)
		}, nil
	}
}

// withInputPaused adds to hand (nil outside a terminal) the pausing of
// the input reader, so that the other program gets every key.
func withInputPaused(hand func() (*os.File, *os.File, func(), error), pin *pasteIn) func() (*os.File, *os.File, func(), error) {
	if hand == nil {
		return nil
	}
	return func() (*os.File, *os.File, func(), error) {
		pin.pause()
		in, out, resume, err := hand()
		if err != nil {
			_ = pin.resume()
			return nil, nil, nil, err
		}
		return in, out, func() {
			resume()
			_ = pin.resume()
		}, nil
	}
}
