package tui

import (
	"image/color"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/charmbracelet/colorprofile"
)

func TestLightBackground(t *testing.T) {
	for in, want := range map[string]bool{"0;15": true, "0;7": true, "0;default;15": true, "15;0": false,
		"7;8": false, "": false, "0;x": false, "12": false} {
		if got := lightBackground(in); got != want {
			t.Errorf("lightBackground(%q) = %v, want %v", in, got, want)
		}
	}
}

// On a light background yellow, white, green and cyan become darker
// colours; extended colours' operands (38;5;33 is not yellow) and other
// escapes are left alone; a dark background changes nothing.
func TestLightPalette(t *testing.T) {
	in := "\x1b[33mwarn\x1b[0m \x1b[1;32madd\x1b[m \x1b[38;5;33mblue\x1b[0m \x1b[3;36mcode\x1b[0m \x1b[2K\x1b[97mx"
	cases := []struct {
		profile colorprofile.Profile
		light   bool
		want    string
	}{
		{colorprofile.ANSI256, true, "\x1b[38;5;130mwarn\x1b[m \x1b[1;38;5;28madd\x1b[m \x1b[38;5;33mblue\x1b[m \x1b[3;38;5;30mcode\x1b[m \x1b[2K\x1b[39mx"},
		// 16 colours: 38;5;33 was downsampled to bright blue first.
		{colorprofile.ANSI, true, "\x1b[31mwarn\x1b[m \x1b[1;32madd\x1b[m \x1b[94mblue\x1b[m \x1b[3;36mcode\x1b[m \x1b[2K\x1b[39mx"},
		{colorprofile.Ascii, true, "\x1b[mwarn\x1b[m \x1b[1madd\x1b[m \x1b[mblue\x1b[m \x1b[3mcode\x1b[m \x1b[2K\x1b[mx"}, // NO_COLOR
		{colorprofile.ANSI256, false, "\x1b[33mwarn\x1b[m \x1b[1;32madd\x1b[m \x1b[38;5;33mblue\x1b[m \x1b[3;36mcode\x1b[m \x1b[2K\x1b[97mx"},
	}
	for _, c := range cases {
		m := &model{o: Options{Profile: c.profile}, light: c.light}
		if got := m.colours(in); got != c.want {
			t.Errorf("profile %v light %v:\n got %q\nwant %q", c.profile, c.light, got, c.want)
		}
	}
}

// The terminal's answer to the background query decides light or dark,
// unless COLORFGBG is set.
func TestBackgroundAnswer(t *testing.T) {
	white := tea.BackgroundColorMsg{Color: color.White}
	for _, c := range []struct {
		colorfgbg string
		msg       tea.BackgroundColorMsg
		want      bool
	}{{"", white, true}, {"", tea.BackgroundColorMsg{Color: color.Black}, false}, {"15;0", white, false}} {
		m := &model{o: Options{Getenv: func(k string) string {
			if k == "COLORFGBG" {
				return c.colorfgbg
			}
			return ""
		}}}
		m.background(c.msg)
		if m.light != c.want {
			t.Errorf("COLORFGBG=%q, answer %v: light %v, want %v", c.colorfgbg, c.msg.Color, m.light, c.want)
		}
	}
}
