package tui

import (
	"bytes"
	"strings"

	"charm.land/glamour/v2"
	"github.com/charmbracelet/colorprofile"
)

// markdown renders Markdown for the terminal's width and profile. The
// renderer is built lazily and again only when the width changes.
type markdown struct {
	profile colorprofile.Profile
	width   int
	r       *glamour.TermRenderer
}

func newMarkdown(p colorprofile.Profile) *markdown { return &markdown{profile: p, width: 80} }

func (md *markdown) setWidth(w int) {
	if w != md.width {
		md.width, md.r = w, nil
	}
}

// render renders src; on a renderer failure it returns src as it is, so
// nothing is lost.
func (md *markdown) render(src string) string {
	if md.r == nil {
		style := "dark"
		if md.profile <= colorprofile.Ascii {
			style = "notty"
		}
		r, err := glamour.NewTermRenderer(glamour.WithStandardStyle(style),
			glamour.WithWordWrap(max(md.width-4, 20)), glamour.WithChromaFormatter(chromaFormatter(md.profile)))
		if err != nil {
			return src
		}
		md.r = r
	}
	out, err := md.r.Render(src)
	if err != nil {
		return src
	}
	return trimBlank(out)
}

// chromaFormatter picks the highlighter's output for the profile.
func chromaFormatter(p colorprofile.Profile) string {
	switch p {
	case colorprofile.TrueColor:
		return "terminal16m"
	case colorprofile.ANSI256:
		return "terminal256"
	}
	return "terminal16"
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
