package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// ctrl+v where no clipboard program applies: over ssh (no X11
// forwarded) the notice says the clipboard is on the user's own
// computer and what to do instead; with no display at all, that there
// is none, not that a program is missing (installing xclip would not
// help); with a display and no program, what to install. The interface
// goes on: a prompt typed next is sent.
func TestCtrlVWithNoClipboardSaysWhy(t *testing.T) {
	for _, c := range []struct {
		name string
		env  map[string]string
		want string
	}{
		{"ssh", map[string]string{"SSH_CONNECTION": "127.0.0.1 5 127.0.0.1 22", "SSH_TTY": "/dev/pts/3"},
			"over ssh the clipboard is on the computer you connected from"},
		{"no display", map[string]string{}, "no display (DISPLAY or WAYLAND_DISPLAY) to read a clipboard from"},
		{"ssh -X", map[string]string{"SSH_CONNECTION": "x", "DISPLAY": "localhost:10.0"}, "install xclip to paste images"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, 200, []turnFunc{answer("sent")}, func(o *Options) {
				o.Getenv = func(k string) string { return c.env[k] }
			})
			t.Setenv("PATH", t.TempDir()) // no clipboard program
			h.key('v', tea.ModCtrl)
			h.waitFor("the notice", func(_, v string) bool { return strings.Contains(v, c.want) })
			h.typeLine("next")
			h.waitFor("the answer", func(p, _ string) bool { return strings.Contains(p, "sent") })
		})
	}
}
