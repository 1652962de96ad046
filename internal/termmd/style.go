package termmd

import "strconv"

// attr is a set of text attributes.
type attr uint8

const (
	bold attr = 1 << iota
	faint
	italic
	underline
	strike
	// glue keeps a span's spaces from breaking the line (inline code, a
	// task box); it draws nothing.
	glue
)

// style is how a piece of text is drawn: attributes and an ANSI
// foreground colour (30–37, 90–97; 0 for the terminal's own).
type style struct {
	attrs attr
	fg    uint8
}

// ANSI foreground colours used here.
const (
	red     = 31
	green   = 32
	yellow  = 33
	blue    = 34
	magenta = 35
	cyan    = 36
)

func (s style) with(a attr) style    { s.attrs |= a; return s }
func (s style) color(fg uint8) style { s.fg = fg; return s }
func (s style) plain() bool          { return s.attrs&^glue == 0 && s.fg == 0 }
func (s style) has(a attr) bool      { return s.attrs&a != 0 }
func paintStyle(st style, text string) string {
	if st.plain() || text == "" {
		return text
	}
	return st.open() + text + "\x1b[0m"
}

// sgrAttrs are the attributes' SGR codes.
var sgrAttrs = [...]struct {
	a    attr
	code byte
}{{bold, '1'}, {faint, '2'}, {italic, '3'}, {underline, '4'}, {strike, '9'}}

// open is the SGR sequence that turns the style on.
func (s style) open() string {
	b := make([]byte, 0, 16)
	b = append(b, "\x1b["...)
	for _, a := range sgrAttrs {
		if s.has(a.a) {
			b = append(b, a.code, ';')
		}
	}
	if s.fg != 0 {
		b = strconv.AppendInt(b, int64(s.fg), 10)
	} else {
		b = b[:len(b)-1]
	}
	return string(append(b, 'm'))
}
