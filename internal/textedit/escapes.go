package textedit

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// unescape decodes \uXXXX escapes, or a whole old_string that arrived
// escaped once more (\n for line breaks, \" for quotes); new_string is
// decoded when it shows the same escaping.
func unescape(_ string, v variant) (variant, bool) {
	old, ok := decode(v.Old)
	if !ok {
		return v, false
	}
	if n, ok := decode(v.New); ok {
		v.New = n
	} else if strings.Contains(v.New, `\`) {
		return v, false // new_string is escaped differently: no telling what it means
	}
	v.Old, v.norm = old, v.norm|NormEscapes
	return v, true
}

// decode undoes one level of backslash escaping when s shows it: a
// \uXXXX escape, or \n or \" in a string with no real line break.
func decode(s string) (string, bool) {
	hasU := strings.Contains(s, `\u`)
	double := !strings.Contains(s, "\n") && (strings.Contains(s, `\n`) || strings.Contains(s, `\"`))
	if !hasU && !double {
		return "", false
	}
	var b strings.Builder
	changed := false
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		if r, n := unicodeEscape(s[i:]); n > 0 {
			b.WriteRune(r)
			i += n - 1
			changed = true
			continue
		}
		if c, ok := simpleEscape(s[i+1]); ok && double {
			b.WriteByte(c)
			i++
			changed = true
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String(), changed
}

// unicodeEscape decodes \uXXXX (and a \uD8xx\uDCxx surrogate pair) at
// the start of s, returning the rune and the bytes used (0 if none).
func unicodeEscape(s string) (rune, int) {
	hex := func(s string) (rune, bool) {
		if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
			return 0, false
		}
		n, err := strconv.ParseUint(s[2:6], 16, 32)
		return rune(n), err == nil
	}
	r, ok := hex(s)
	if !ok {
		return 0, 0
	}
	if r >= 0xD800 && r < 0xDC00 {
		if lo, ok := hex(s[6:]); ok && lo >= 0xDC00 && lo < 0xE000 {
			return (r-0xD800)<<10 + (lo - 0xDC00) + 0x10000, 12
		}
		return 0, 0
	}
	if !utf8.ValidRune(r) {
		return 0, 0
	}
	return r, 6
}

func simpleEscape(c byte) (byte, bool) {
	switch c {
	case 'n':
		return '\n', true
	case 't':
		return '\t', true
	case 'r':
		return '\r', true
	case '"', '\\', '\'', '/':
		return c, true
	}
	return 0, false
}
