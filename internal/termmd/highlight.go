package termmd

import (
	"strings"
)

// class is what a token of code is.
type class uint8

const (
	plainTok class = iota
	commentTok
	stringTok
	numberTok
	keywordTok
	typeTok
	funcTok
	varTok
)

// classStyles colour the classes with the terminal's own palette.
var classStyles = [...]style{
	plainTok:   {},
	commentTok: {attrs: faint | italic},
	stringTok:  {fg: green},
	numberTok:  {fg: cyan},
	keywordTok: {fg: magenta},
	typeTok:    {fg: yellow},
	funcTok:    {fg: blue},
	varTok:     {fg: cyan},
}

// highlight colours src as the language lang (a fence's info string:
// its first word is the language). An unknown language is left plain.
// It returns src's lines, each with its styles closed.
func highlight(src, lang string) []string {
	name := strings.ToLower(strings.TrimSpace(lang))
	if i := strings.IndexAny(name, " \t{,"); i >= 0 {
		name = name[:i]
	}
	if name == "diff" || name == "patch" {
		return highlightDiff(src)
	}
	l := lookupLang(name)
	if l == nil {
		return strings.Split(src, "\n")
	}
	var out []string
	var cur strings.Builder
	for _, t := range l.tokens(src) {
		st := classStyles[t.class]
		for {
			before, after, more := strings.Cut(t.text, "\n")
			cur.WriteString(paintStyle(st, before))
			if !more {
				break
			}
			out = append(out, cur.String())
			cur.Reset()
			t.text = after
		}
	}
	return append(out, cur.String())
}

// highlightDiff colours added, removed and hunk lines.
func highlightDiff(src string) []string {
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "+++"), strings.HasPrefix(l, "---"):
			lines[i] = paintStyle(style{attrs: bold}, l)
		case strings.HasPrefix(l, "+"):
			lines[i] = paintStyle(style{fg: green}, l)
		case strings.HasPrefix(l, "-"):
			lines[i] = paintStyle(style{fg: red}, l)
		case strings.HasPrefix(l, "@@"):
			lines[i] = paintStyle(style{fg: cyan}, l)
		}
	}
	return lines
}

type token struct {
	text  string
	class class
}

// tokens splits src into classified tokens; their texts joined are src.
func (l *lang) tokens(src string) []token {
	var out []token
	start := 0
	for i := 0; i < len(src); {
		n, c := l.next(src, i)
		if k := len(out); k > 0 && out[k-1].class == c { // tokens are contiguous: extend
			out[k-1].text = src[start : i+n]
		} else {
			start = i
			out = append(out, token{src[i : i+n], c})
		}
		i += n
	}
	return out
}

// next classifies the token at src[i:] and returns its length.
func (l *lang) next(src string, i int) (int, class) {
	rest := src[i:]
	for _, p := range l.lineComment {
		if strings.HasPrefix(rest, p) && (p != "#" || i == 0 || !isIdent(src[i-1])) {
			return lineEnd(rest), commentTok
		}
	}
	for _, bc := range l.blockComment {
		if strings.HasPrefix(rest, bc[0]) {
			if end := strings.Index(rest[len(bc[0]):], bc[1]); end >= 0 {
				return len(bc[0]) + end + len(bc[1]), commentTok
			}
			return len(rest), commentTok
		}
	}
	c := rest[0]
	switch {
	case strings.IndexByte(l.quotes, c) >= 0:
		return l.quoted(rest), stringTok
	case c >= '0' && c <= '9' && (i == 0 || !isIdent(src[i-1])):
		n := 1
		for n < len(rest) && (isIdent(rest[n]) || rest[n] == '.') {
			n++
		}
		return n, numberTok
	case c == '$' && l.sigils && len(rest) > 1 && (isIdent(rest[1]) || rest[1] == '{'):
		if rest[1] == '{' {
			if end := strings.IndexByte(rest, '}'); end > 0 {
				return end + 1, varTok
			}
		}
		n := 1
		for n < len(rest) && isIdent(rest[n]) {
			n++
		}
		return n, varTok
	case isIdent(c):
		n := 1
		for n < len(rest) && isIdent(rest[n]) {
			n++
		}
		word := rest[:n]
		switch {
		case l.keywords[word]:
			return n, keywordTok
		case l.types[word]:
			return n, typeTok
		case n < len(rest) && rest[n] == '(':
			return n, funcTok
		}
		return n, plainTok
	}
	return 1, plainTok
}

// quoted is the length of the string literal at the start of s: to the
// matching quote (a backslash escapes, except in raw strings), across
// lines only for triple quotes and backticks.
func (l *lang) quoted(s string) int {
	q := s[0]
	if len(s) >= 3 && l.triple && s[1] == q && s[2] == q {
		if end := strings.Index(s[3:], s[:3]); end >= 0 {
			return 3 + end + 3
		}
		return len(s)
	}
	raw := q == '`' && l.rawBacktick
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if !raw {
				i++
			}
		case '\n':
			if q != '`' {
				return i
			}
		case q:
			return i + 1
		}
	}
	return len(s)
}

func lineEnd(s string) int {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return i
	}
	return len(s)
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}
