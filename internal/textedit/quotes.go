package textedit

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The curly quotes, as UTF-8.
const (
	lsquo = "\u2018" // ‘
	rsquo = "\u2019" // ’
	ldquo = "\u201c" // “
	rdquo = "\u201d" // ”
)

// straightAt reports whether a curly quote starts at s[i], and its
// straight form.
func straightAt(s string, i int) (byte, bool) {
	if i+2 >= len(s) || s[i] != 0xE2 || s[i+1] != 0x80 {
		return 0, false
	}
	switch s[i+2] {
	case 0x98, 0x99:
		return '\'', true
	case 0x9C, 0x9D:
		return '"', true
	}
	return 0, false
}

// quoteStyle is how a text writes one kind of quote.
type quoteStyle int

const (
	mixedOrNone quoteStyle = iota
	straight
	curly
)

func styleOf(span, plain, open, close string) quoteStyle {
	c := strings.Contains(span, open) || strings.Contains(span, close)
	s := strings.Contains(span, plain)
	switch {
	case c && !s:
		return curly
	case s && !c:
		return straight
	}
	return mixedOrNone
}

// restyle writes repl's quotes the way span (the file text it replaces)
// writes them: when span uses only curly double quotes, repl's straight
// double quotes become “ or ” (opening after a space, an opening bracket or
// the start, before counting as text in front of repl; closing otherwise, so an apostrophe becomes ’); when span uses
// only straight ones, repl's curly ones become straight. Single quotes
// likewise. A kind span mixes, or lacks, is left alone.
func restyle(repl, span, before string) string {
	dbl := styleOf(span, `"`, ldquo, rdquo)
	sgl := styleOf(span, "'", lsquo, rsquo)
	if dbl == mixedOrNone && sgl == mixedOrNone {
		return repl
	}
	var b strings.Builder
	b.Grow(len(repl) + 8)
	for i := 0; i < len(repl); {
		if q, ok := straightAt(repl, i); ok && styleFor(q, dbl, sgl) == straight {
			b.WriteByte(q)
			i += 3
			continue
		}
		c := repl[i]
		if (c == '"' || c == '\'') && styleFor(c, dbl, sgl) == curly {
			b.WriteString(curlyFor(c, opens(before+repl[:i])))
		} else {
			b.WriteByte(c)
		}
		i++
	}
	return b.String()
}

func styleFor(q byte, dbl, sgl quoteStyle) quoteStyle {
	if q == '"' {
		return dbl
	}
	return sgl
}

func curlyFor(q byte, open bool) string {
	switch {
	case q == '"' && open:
		return ldquo
	case q == '"':
		return rdquo
	case open:
		return lsquo
	}
	return rsquo
}

// opens reports whether a quote after before opens a quotation.
func opens(before string) bool {
	if before == "" {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(before)
	return unicode.IsSpace(r) || strings.ContainsRune("([{<\u2014\u2013", r)
}
