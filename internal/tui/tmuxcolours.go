package tui

import (
	"context"
	"os/exec"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

const (
	// tmuxInfoTimeout bounds the question to tmux; maxTmuxInfo caps
	// the answer kept (tmux 3.3 prints about 7 KB).
	tmuxInfoTimeout = 5 * time.Second
	maxTmuxInfo     = 64 << 10
)

// probeTmuxColours asks tmux, after the first paint, whether it passes
// true colour on to the terminal outside it, and if so upgrades the
// profile. Profile left that question out so that nothing before the
// first paint waits on another program; it is asked only when Profile
// stopped at tmux's floor (ANSI256), as colorprofile.Detect would ask.
// nil outside tmux.
func (m *model) probeTmuxColours() tea.Cmd {
	if m.o.Getenv == nil || m.o.Getenv("TMUX") == "" || m.o.Profile != colorprofile.ANSI256 {
		return nil
	}
	ctx := m.ctx
	return func() tea.Msg {
		if !tmuxTrueColour(ctx) {
			return nil
		}
		return applyMsg(func(m *model) tea.Cmd {
			m.o.Profile = colorprofile.TrueColor
			m.md.profile = colorprofile.TrueColor
			return nil
		})
	}
}

// tmuxTrueColour runs `tmux info` (its process group killed when ctx
// ends or the time is up) and reports whether the client's terminal
// has true colour. Any failure answers no.
func tmuxTrueColour(ctx context.Context) bool {
	ctx, cancel := context.WithTimeout(ctx, tmuxInfoTimeout)
	defer cancel()
	c := exec.CommandContext(ctx, "tmux", "info")
	out := capBuffer{max: maxTmuxInfo}
	c.Stdout = &out
	inGroup(c)
	c.WaitDelay = time.Second // a grandchild that keeps the pipe open
	err := c.Run()
	endGroup(c)
	return err == nil && tmuxInfoTrueColour(out.b.String())
}

// tmuxInfoTrueColour reads `tmux info`'s terminal capabilities (lines
// such as "223: Tc: (flag) true"): the Tc or RGB flag set means true
// colour.
func tmuxInfoTrueColour(info string) bool {
	for line := range strings.Lines(info) {
		f := strings.Fields(line)
		if len(f) == 4 && (f[1] == "Tc:" || f[1] == "RGB:") && f[2] == "(flag)" && f[3] == "true" {
			return true
		}
	}
	return false
}
