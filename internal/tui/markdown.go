package tui

import (
	"bytes"
	"strings"

	"corvid/internal/termmd"
	"github.com/charmbracelet/colorprofile"
)

// markdown renders Markdown for the terminal's width and profile, with
// termmd: it registers nothing at start-up (glamour's highlighter parses
// every lexer and style it ships when the program starts, which cost the
// first paint tens of milliseconds and the process megabytes).
type markdown struct {
	profile colorprofile.Profile
	width   int
}

func newMarkdown(p colorprofile.Profile) *markdown { return &markdown{profile: p, width: 80} }

func (md *markdown) setWidth(w int) { md.width = w }

// render renders src for the live region or the scrollback.
func (md *markdown) render(src string) string {
	src = cleanMarkdown(src) // sanitize.go: the model's text is not the terminal's
	return trimBlank(termmd.Render(src, termmd.Options{Width: md.width, Color: md.profile > colorprofile.Ascii}))
}

// trimBlank drops the blank lines glamour puts around a document, and
// trailing spaces of each line (glamour pads lines to the wrap width).
func trimBlank(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	for len(lines) > 0 && isBlankLine(lines[0]) {
		lines = lines[1:]
	}
	for len(lines) > 0 && isBlankLine(lines[len(lines)-1]) {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}

func isBlankLine(l string) bool { return strings.TrimSpace(stripANSI(l)) == "" }

// downsample converts s's colours to the profile (none for Ascii/NoTTY,
// as NO_COLOR asks).
func downsample(s string, p colorprofile.Profile) string {
	if p == colorprofile.TrueColor {
		return s
	}
	var b bytes.Buffer
	w := &colorprofile.Writer{Forward: &b, Profile: p}
	if _, err := w.WriteString(s); err != nil {
		return stripANSI(s)
	}
	return b.String()
}
