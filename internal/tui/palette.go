package tui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
)

// The interface draws with the terminal's 16 theme colours and no
// backgrounds, so it follows the user's theme. On a light background
// some of them read badly (yellow and white; in the common palettes
// green and cyan too): the frame's and the prints' colours are then
// rewritten to darker ones where the profile has them.

// lightBackground reports whether COLORFGBG ("fg;bg" or "fg;x;bg", as
// rxvt, Konsole and others set it) names a light background colour: 7
// or 9–15, as vim reads it.
func lightBackground(colorfgbg string) bool {
	i := strings.LastIndexByte(colorfgbg, ';')
	if i < 0 {
		return false
	}
	bg, err := strconv.Atoi(colorfgbg[i+1:])
	return err == nil && (bg == 7 || bg >= 9 && bg <= 15)
}

// bgQuery asks the terminal for its background colour (OSC 11); the
// answer arrives as a tea.BackgroundColorMsg. A terminal that does not
// know the query ignores it.
const bgQuery = "\x1b]11;?\x07"

// background takes the terminal's answer to bgQuery: it decides light or
// dark unless COLORFGBG already did (the user's own setting wins).
func (m *model) background(msg tea.BackgroundColorMsg) {
	if m.o.Getenv != nil && m.o.Getenv("COLORFGBG") != "" {
		return
	}
	m.light = !msg.IsDark()
}

// lightColours maps a foreground colour to one that reads on a light
// background, for profiles with 256 colours and for 16.
var lightColours = map[string][2]string{
	"33": {"38;5;130", "31"}, // yellow: dark orange; red
	"93": {"38;5;130", "31"},
	"37": {"39", "39"}, // white: the theme's own foreground
	"97": {"39", "39"},
	"32": {"38;5;28", "32"}, // green: dark green
	"36": {"38;5;30", "36"}, // cyan: dark cyan
}

// colours converts s to the terminal's profile and, on a light
// background, its pale colours to darker ones.
func (m *model) colours(s string) string {
	s = downsample(s, m.o.Profile)
	if !m.light || m.o.Profile <= colorprofile.Ascii {
		return s
	}
	col := 0
	if m.o.Profile < colorprofile.ANSI256 {
		col = 1
	}
	return forLight(s, col)
}

// forLight rewrites the foreground colours of s's SGR sequences with
// lightColours' column col.
func forLight(s string, col int) string {
	if !strings.Contains(s, "\x1b[") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		j := strings.Index(s[i:], "\x1b[")
		if j < 0 {
			b.WriteString(s[i:])
			break
		}
		b.WriteString(s[i : i+j])
		i += j
		n, sgr := escapeLen(s[i:])
		if !sgr {
			b.WriteString(s[i : i+n])
		} else {
			b.WriteString("\x1b[" + lightParams(s[i+2:i+n-1], col) + "m")
		}
		i += n
	}
	return b.String()
}

// lightParams rewrites one SGR parameter list; the operands of extended
// colours (38;5;n, 48;2;r;g;b) are left alone.
func lightParams(p string, col int) string {
	ps := strings.Split(p, ";")
	for i := 0; i < len(ps); i++ {
		if (ps[i] == "38" || ps[i] == "48" || ps[i] == "58") && i+1 < len(ps) {
			if ps[i+1] == "5" {
				i += 2
			} else if ps[i+1] == "2" {
				i += 4
			}
			continue
		}
		if c, ok := lightColours[ps[i]]; ok {
			ps[i] = c[col]
		}
	}
	return strings.Join(ps, ";")
}

// editorStyles are the input box's styles without fixed colours: the
// editor's defaults draw the current line on a black background and the
// prompt in white, which hides typed text on a light terminal.
func editorStyles() textarea.Styles {
	st := textarea.DefaultDarkStyles()
	for _, s := range []*textarea.StyleState{&st.Focused, &st.Blurred} {
		plain := lipgloss.NewStyle()
		s.CursorLine, s.Prompt, s.Text, s.EndOfBuffer = plain, plain, plain, plain
		s.LineNumber, s.CursorLineNumber = plain.Faint(true), plain.Faint(true)
		s.Placeholder = plain.Faint(true)
		s.Selection = plain.Reverse(true)
	}
	return st
}
