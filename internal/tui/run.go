package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"

	"corvid/internal/idlemem"
)

// Run runs the interface on the terminal in/out until the user exits or
// ctx ends, then closes the conversation. The terminal is put in raw
// mode, with bracketed paste and the kitty keyboard protocol's
// disambiguation (so shift+enter is its own key where the terminal
// supports it), and restored at the end.
func Run(ctx context.Context, o Options, in, out *os.File, env []string) error {
	w, h, err := term.GetSize(out.Fd())
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNoTerminal, err)
	}
	state, err := term.MakeRaw(in.Fd())
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNoTerminal, err)
	}
	defer term.Restore(in.Fd(), state) //nolint:errcheck // best effort on the way out
	_, _ = io.WriteString(out, pasteOn+keysOn+focusOn+bgQuery)
	defer io.WriteString(out, focusOff+keysOff+pasteOff) //nolint:errcheck
	o.Width = w
	scr := newScreen(out, w, h)
	defer scr.clear() //nolint:errcheck
	o.termSuspend = handOver(in, out, scr, state)
	o.settle = idlemem.Settler()
	return run(ctx, o, scr, in, env, func(send func(tea.Msg), stop <-chan struct{}) {
		watchResize(out, send, stop)
	})
}

// run runs the program with the model drawing on scr, reading the
// terminal's input in (pastes lifted out of it by pasteIn).
func run(ctx context.Context, o Options, scr *screen, in io.Reader, env []string,
	watch func(send func(tea.Msg), stop <-chan struct{})) error {
	pipe, pin, err := startPasteIn(in)
	if err != nil {
		return err
	}
	defer pipe.Close()
	defer pin.stop()
	o.takePaste = pin.take
	o.suspend = withInputPaused(o.termSuspend, pin)
	in = pipe
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	br := newBridge()
	m := newModel(ctx, o, br)
	m.scr = scr
	p := tea.NewProgram(m, tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(io.Discard),
		tea.WithEnvironment(env), tea.WithoutSignalHandler(), tea.WithoutRenderer(),
		tea.WithColorProfile(o.Profile), tea.WithWindowSize(scr.width, scr.height),
		// The program's own renderer is off (the model draws), but its
		// frame ticker still runs: at 1 a second it costs nothing.
		tea.WithFPS(1))
	br.attach(p.Send)
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() { defer close(done); watch(p.Send, stop) }()
	_, err = p.Run()
	m.stopStatusRefresh() // the statusLine's refresh timer
	close(stop)
	<-done
	br.close() // refuses questions still waiting
	cancel()   // ends a turn still running
	m.turns.Wait()
	if m.conv != nil {
		m.conv.Close()
	}
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return nil
	}
	if err == nil {
		err = m.openErr // the exit status says corvid did not start
	}
	return err
}
