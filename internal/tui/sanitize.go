package tui

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Text the interface did not write itself (a tool's output, a `!`
// command's, the model's answer, a pasted prompt) may hold escape
// sequences and control characters: a screen erase, a title change, a
// clipboard write, a carriage return or a backspace would garble the
// screen or reach past it. cleanText makes such text plain before it is
// laid out; termSafe is the last gate before anything is drawn.

// tabStop is the terminal's tab width.
const tabStop = 8

// cleanText is plain text for the screen: escape sequences dropped,
// CRLF read as a line end, a carriage return inside a line as the
// terminal would (what follows overwrote the line: a progress bar keeps
// its last state), tabs expanded to the next stop, and every other
// control character dropped.
func cleanText(s string) string {
	if plain(s, false) {
		return s
	}
	s = ansi.Strip(strings.ReplaceAll(s, "\r\n", "\n"))
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = expandTabs(lastOverwrite(l))
	}
	return strings.Join(lines, "\n")
}

// cleanMarkdown is the model's text before it is rendered: escape
// sequences and control characters dropped, line ends and tabs kept (the
// renderer lays tabs out in code blocks itself).
func cleanMarkdown(s string) string {
	if plain(s, true) {
		return s
	}
	s = ansi.Strip(strings.ReplaceAll(s, "\r\n", "\n"))
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return r
		}
		if unicode.IsControl(r) {
			return -1
		}
		return r // an invalid byte comes as U+FFFD
	}, s)
}

// plain reports whether s has nothing to clean: no control character
// but line ends (and tabs, when tabs is set), valid UTF-8.
func plain(s string, tabs bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case (c < 0x20 && c != '\n' && (c != '\t' || !tabs)) || c == 0x7f:
			return false
		case c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f: // a C1 control, U+0080–U+009F
			return false
		}
	}
	return utf8.ValidString(s)
}

// lastOverwrite is what a line with carriage returns shows: the text
// after the last one that is followed by something.
func lastOverwrite(l string) string {
	for {
		i := strings.LastIndexByte(l, '\r')
		if i < 0 {
			return l
		}
		if i < len(l)-1 {
			return l[i+1:]
		}
		l = l[:i]
	}
}

// expandTabs replaces tabs by spaces to the next stop (by display
// width), drops the other control characters and shows an invalid byte
// as U+FFFD.
func expandTabs(l string) string {
	var b strings.Builder
	col := 0
	for _, r := range l {
		switch {
		case r == '\t':
			n := tabStop - col%tabStop
			b.WriteString(strings.Repeat(" ", n))
			col += n
		case unicode.IsControl(r):
		default: // an invalid byte comes as U+FFFD
			b.WriteRune(r)
			col += ansi.StringWidth(string(r))
		}
	}
	return b.String()
}

// termSafe is the last gate before the screen: it keeps the interface's
// own styling (SGR colours, OSC 8 links) and line ends, turns a tab into
// a space, and drops every other escape sequence, control character and
// invalid byte, whatever path the text came by.
func termSafe(s string) string {
	if drawable(s) {
		return s
	}
	return keepStyling(s, true)
}

// keepStyling is s with its SGR sequences kept, and with withLinks its
// OSC 8 links and line ends too; a tab becomes a space, an invalid byte
// U+FFFD, and every other escape sequence and control character goes.
func keepStyling(s string, withLinks bool) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			n, sgr := escapeLen(s[i:])
			if seq := s[i : i+n]; sgr || withLinks && isLink(seq) {
				b.WriteString(seq)
			}
			i += n
		case c == '\n' && withLinks:
			b.WriteByte(c)
			i++
		case c == '\t':
			b.WriteByte(' ')
			i++
		case c < 0x20 || c == 0x7f:
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if !unicode.IsControl(r) {
				b.WriteRune(r) // an invalid byte as U+FFFD
			}
			i += size
		}
	}
	return b.String()
}

// drawable reports whether termSafe would leave s as it is: its escape
// sequences are all SGR or OSC 8, and it has no other control character
// but line ends, and no invalid byte. It allocates nothing: the frame
// passes here on every draw.
func drawable(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			n, sgr := escapeLen(s[i:])
			if !sgr && !isLink(s[i:i+n]) {
				return false
			}
			i += n
		case c == '\n':
			i++
		case c < 0x20 || c == 0x7f:
			return false
		case c < 0x80:
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if (r == utf8.RuneError && size == 1) || unicode.IsControl(r) {
				return false
			}
			i += size
		}
	}
	return true
}

// isLink reports whether seq is an OSC 8 hyperlink whose parameters and
// address are printable.
func isLink(seq string) bool {
	body, ok := strings.CutPrefix(seq, "\x1b]8;")
	if !ok {
		return false
	}
	body = strings.TrimSuffix(strings.TrimSuffix(body, "\x07"), "\x1b\\")
	return !strings.ContainsFunc(body, func(r rune) bool { return r < 0x20 || r == 0x7f || r == utf8.RuneError })
}
