package tui

import (
	"context"
	"io"

	tea "charm.land/bubbletea/v2"
)

// Run runs the interface until the user exits or ctx ends, then closes
// the conversation.
func Run(ctx context.Context, o Options, in io.Reader, out io.Writer, env []string) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	br := newBridge()
	m := newModel(ctx, o, br)
	p := tea.NewProgram(m, tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out),
		tea.WithEnvironment(env), tea.WithoutSignalHandler(), tea.WithColorProfile(o.Profile))
	br.attach(p.Send)
	_, err := p.Run()
	br.close() // refuses questions still waiting
	cancel()   // ends a turn still running
	m.turns.Wait()
	if m.conv != nil {
		m.conv.Close()
	}
	if err == tea.ErrProgramKilled && ctx.Err() != nil {
		return nil
	}
	return err
}
