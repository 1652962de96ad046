package walk

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// segKind tells how a segment is matched against one path component.
type segKind uint8

const (
	// segLiteral compares the component with text.
	segLiteral segKind = iota
	// segSuffix matches components ending in text ("*.log").
	segSuffix
	// segGlob runs the glob matcher with text as the pattern.
	segGlob
	// segAnyDirs is a whole "**" segment of a path pattern: any number of
	// components.
	segAnyDirs
)

// segment is one slash-free piece of an ignore pattern.
type segment struct {
	kind segKind
	text string
}

// compileSegment prepares one slash-free glob. Patterns without
// wildcards (after undoing escapes) become plain comparisons.
func compileSegment(raw string) segment {
	if !strings.ContainsAny(raw, `*?[\`) {
		return segment{kind: segLiteral, text: raw}
	}
	if rest, ok := strings.CutPrefix(raw, "*"); ok && !strings.ContainsAny(rest, `*?[\`) {
		return segment{kind: segSuffix, text: rest}
	}
	if lit, ok := unescapeLiteral(raw); ok {
		return segment{kind: segLiteral, text: lit}
	}
	return segment{kind: segGlob, text: raw}
}

// unescapeLiteral returns raw with its backslash escapes undone when it
// has no wildcard outside them.
func unescapeLiteral(raw string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(raw); i++ {
		switch raw[i] {
		case '*', '?', '[':
			return "", false
		case '\\':
			i++
			if i == len(raw) {
				return "", false // a trailing backslash: left to the glob matcher
			}
		}
		b.WriteByte(raw[i])
	}
	return b.String(), true
}

// match reports whether the segment matches one path component.
func (s segment) match(name string) bool {
	switch s.kind {
	case segLiteral:
		return name == s.text
	case segSuffix:
		return strings.HasSuffix(name, s.text)
	case segAnyDirs:
		return true
	}
	return globMatch(s.text, name)
}

// globMatch matches a slash-free name against pat: '*' is any run of
// characters, '?' any one character, "[...]" a character class, and a
// backslash makes the next character literal. A malformed pattern (an
// unterminated class, a trailing backslash) matches nothing, as in git.
// It backtracks only to the last star, so it runs in O(len(pat)·len(name)).
func globMatch(pat, name string) bool {
	px, nx := 0, 0
	starPx, starNx := -1, 0
	for px < len(pat) || nx < len(name) {
		if px < len(pat) {
			if pat[px] == '*' {
				for px < len(pat) && pat[px] == '*' {
					px++
				}
				starPx, starNx = px, nx
				continue
			}
			if nx < len(name) {
				step, ok, bad := matchOne(pat[px:], name[nx:])
				if bad {
					return false
				}
				if ok {
					px += step
					_, w := utf8.DecodeRuneInString(name[nx:])
					nx += w
					continue
				}
			}
		}
		if starPx < 0 || starNx >= len(name) {
			return false
		}
		_, w := utf8.DecodeRuneInString(name[starNx:])
		starNx += w
		px, nx = starPx, starNx
	}
	return true
}

// matchOne matches the pattern item at the start of pat (not a star)
// against the first character of name. It returns the item's length in
// pat, whether it matched, and whether the pattern is malformed.
func matchOne(pat, name string) (step int, ok, bad bool) {
	r, _ := utf8.DecodeRuneInString(name)
	switch pat[0] {
	case '?':
		return 1, true, false
	case '[':
		return matchClass(pat, r)
	case '\\':
		if len(pat) == 1 {
			return 0, false, true
		}
		p, w := utf8.DecodeRuneInString(pat[1:])
		return 1 + w, p == r, false
	}
	p, w := utf8.DecodeRuneInString(pat)
	return w, p == r, false
}

// matchClass matches r against the class "[...]" at the start of pat:
// '!' or '^' first negates, ']' first is literal, "a-z" is a range,
// "[:alpha:]" and the other POSIX names are classes, and a backslash
// escapes the next character.
func matchClass(pat string, r rune) (step int, ok, bad bool) {
	i := 1
	negate := i < len(pat) && (pat[i] == '!' || pat[i] == '^')
	if negate {
		i++
	}
	matched := false
	for first := true; ; first = false {
		if i >= len(pat) {
			return 0, false, true
		}
		if pat[i] == ']' && !first {
			return i + 1, matched != negate, false
		}
		if strings.HasPrefix(pat[i:], "[:") {
			if end := strings.Index(pat[i+2:], ":]"); end >= 0 {
				in, known := inPOSIXClass(pat[i+2:i+2+end], r)
				if !known {
					return 0, false, true
				}
				matched = matched || in
				i += end + 4
				continue
			}
		}
		lo, w := classChar(pat[i:])
		if w == 0 {
			return 0, false, true
		}
		i += w
		hi := lo
		if i+1 < len(pat) && pat[i] == '-' && pat[i+1] != ']' {
			if hi, w = classChar(pat[i+1:]); w == 0 {
				return 0, false, true
			}
			i += 1 + w
		}
		matched = matched || (lo <= r && r <= hi)
	}
}

// classChar decodes one possibly escaped character of a class; a width
// of 0 means the pattern ended inside the escape.
func classChar(s string) (rune, int) {
	if s[0] == '\\' {
		if len(s) == 1 {
			return 0, 0
		}
		r, w := utf8.DecodeRuneInString(s[1:])
		return r, 1 + w
	}
	return utf8.DecodeRuneInString(s)
}

// inPOSIXClass reports whether r is in the named class, and whether the
// name is one git knows.
func inPOSIXClass(name string, r rune) (in, known bool) {
	var is func(rune) bool
	switch name {
	case "alnum":
		is = func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	case "alpha":
		is = unicode.IsLetter
	case "blank":
		is = func(r rune) bool { return r == ' ' || r == '\t' }
	case "cntrl":
		is = unicode.IsControl
	case "digit":
		is = func(r rune) bool { return '0' <= r && r <= '9' }
	case "graph":
		is = func(r rune) bool { return unicode.IsGraphic(r) && !unicode.IsSpace(r) }
	case "lower":
		is = unicode.IsLower
	case "print":
		is = unicode.IsPrint
	case "punct":
		is = func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) }
	case "space":
		is = unicode.IsSpace
	case "upper":
		is = unicode.IsUpper
	case "xdigit":
		is = func(r rune) bool { return strings.ContainsRune("0123456789abcdefABCDEF", r) }
	default:
		return false, false
	}
	return is(r), true
}
