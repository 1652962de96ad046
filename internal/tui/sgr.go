package tui

// keepSGR returns s with its colour and style sequences (CSI … m) kept
// and every other escape sequence and control character dropped (a tab
// becomes a space): a statusLine command's output is drawn inside the
// live region, and a cursor move, a screen erase or a title change in it
// would break the screen.
func keepSGR(s string) string { return keepStyling(s, false) } // sanitize.go

// escapeLen is the length of the escape sequence s starts with, and
// whether it is an SGR sequence. CSI runs to its final byte; OSC, DCS,
// APC, PM and SOS to BEL or ST; anything else is ESC and one byte.
func escapeLen(s string) (int, bool) {
	if len(s) < 2 {
		return len(s), false
	}
	switch s[1] {
	case '[':
		for j := 2; j < len(s); j++ {
			if c := s[j]; c >= 0x40 && c <= 0x7e {
				return j + 1, c == 'm' && sgrParams(s[2:j])
			}
		}
		return len(s), false
	case ']', 'P', '_', '^', 'X':
		for j := 2; j < len(s); j++ {
			if s[j] == 0x07 {
				return j + 1, false
			}
			if s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\' {
				return j + 2, false
			}
		}
		return len(s), false
	}
	return 2, false
}

// sgrParams: only digits, ';' and ':' (no private CSI such as "?25").
func sgrParams(p string) bool {
	for _, c := range []byte(p) {
		if (c < '0' || c > '9') && c != ';' && c != ':' {
			return false
		}
	}
	return true
}
