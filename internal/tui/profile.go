package tui

import (
	"os"
	"strconv"
	"strings"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/term"
)

// Profile is the terminal's colour profile, found without waiting on
// another program: NO_COLOR turns colour off; otherwise the environment
// and terminfo decide, as colorprofile.Detect does, but without the
// `tmux info` it runs inside tmux (a process start and a round trip to
// the tmux server before the first paint). Inside tmux the profile is
// at least ANSI256, as Detect has it; whether tmux passes true colour
// on is asked after the first paint (probeTmuxColours).
func Profile(out *os.File, getenv func(string) string) colorprofile.Profile {
	if getenv("NO_COLOR") != "" {
		return colorprofile.Ascii
	}
	env := os.Environ()
	p := colorprofile.Detect(out, withoutTmux(env))
	if getenv("TMUX") != "" && p < colorprofile.ANSI256 && colourTTY(out, getenv) {
		p = colorprofile.ANSI256
	}
	return p
}

// withoutTmux is env without TMUX, which makes colorprofile skip its
// tmux query.
func withoutTmux(env []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		if !strings.HasPrefix(kv, "TMUX=") {
			out = append(out, kv)
		}
	}
	return out
}

// colourTTY is Detect's condition for consulting terminfo and tmux: the
// output is a terminal (or TTY_FORCE says so) and TERM is set and not
// dumb.
func colourTTY(out *os.File, getenv func(string) string) bool {
	forced, _ := strconv.ParseBool(getenv("TTY_FORCE"))
	t := getenv("TERM")
	return (forced || term.IsTerminal(out.Fd())) && t != "" && t != "dumb"
}
