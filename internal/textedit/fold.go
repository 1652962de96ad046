package textedit

import (
	"sort"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// The normalisations, tried only when the exact text is not found.
const (
	// NormQuotes reads curly quotes ‘ ’ “ ” as straight ' ".
	NormQuotes Norm = 1 << iota
	// NormSpace ignores spaces, tabs and \r before each line break.
	NormSpace
	// NormUnicode reads dashes, the ellipsis, no-break spaces and
	// precomposed letters (NFC) as -, ..., a space and their NFD form.
	NormUnicode
	// NormIndent matches lines whose indentation differs by a consistent
	// offset (or by tabs for spaces); new_string is re-indented alike.
	NormIndent
	// NormLineNumbers strips Read's "N<TAB>" prefixes from every line.
	NormLineNumbers
	// NormEscapes decodes \uXXXX escapes or a double-escaped old_string.
	NormEscapes
	// NormNewlines trims newlines at the ends of old_string and new_string
	// by the same amount, or lets a final newline stand for end of file.
	NormNewlines
)

// fold returns the normal form of the rune r (of size bytes) at the start
// of s and the normalisation it belongs to; ok is false when r stands for
// itself.
func fold(s string, r rune, size int) (string, Norm, bool) {
	switch r {
	case '\u2018', '\u2019', '\u201a', '\u201b', '\u2032':
		return "'", NormQuotes, true
	case '\u201c', '\u201d', '\u201e', '\u201f', '\u2033':
		return `"`, NormQuotes, true
	case '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212':
		return "-", NormUnicode, true
	case '\u2026':
		return "...", NormUnicode, true
	case '\u00a0', '\u2007', '\u202f':
		return " ", NormUnicode, true
	}
	if r < 0xC0 || r == utf8.RuneError {
		return "", 0, false
	}
	p := norm.NFD.PropertiesString(s[:size])
	// Singleton decompositions (the Kelvin sign to K) are left alone: a
	// fold must never make plain ASCII out of something else.
	if d := p.Decomposition(); utf8.RuneCount(d) > 1 {
		return string(d), NormUnicode, true
	}
	return "", 0, false
}

// rep is one stretch of a normalised text that differs from the source:
// source bytes [o0, o1) became normalised bytes [n0, n1) (none for the
// blanks dropped at a line end).
type rep struct {
	n0, n1, o0, o1 int
	kind           Norm
}

// folded is a text in normal form with the map back to its source.
type folded struct {
	s    string
	reps []rep
}

// normalize folds every character of src and drops blanks before each
// line break; eol says whether the end of src counts as a line end (true
// for whole lines of a file, false for an old_string).
func normalize(src string, eol bool) folded {
	var out strings.Builder
	var f folded
	start := 0 // the unchanged run not yet copied begins here
	grow := func() {
		if out.Cap() == 0 {
			out.Grow(len(src))
		}
	}
	inside := 0 // blanks before this offset are not at a line end
	for i := 0; i < len(src); {
		c := src[i]
		if n := blankAt(src, i); n > 0 && i >= inside {
			j := i + n
			for n = blankAt(src, j); n > 0; n = blankAt(src, j) {
				j += n
			}
			if (j == len(src) && eol) || (j < len(src) && src[j] == '\n') {
				grow()
				out.WriteString(src[start:i])
				f.reps = append(f.reps, rep{out.Len(), out.Len(), i, j, NormSpace})
				start, i = j, j
				continue
			}
			inside = j
		}
		if isBlank(c) {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(src[i:])
		s, kind, ok := fold(src[i:], r, size)
		if ok {
			grow()
			out.WriteString(src[start:i])
			n0 := out.Len()
			out.WriteString(s)
			f.reps = append(f.reps, rep{n0, out.Len(), i, i + size, kind})
			start = i + size
		}
		i += size
	}
	if f.reps == nil {
		f.s = src
		return f
	}
	out.WriteString(src[start:])
	f.s = out.String()
	return f
}

// orig maps the normalised offset x back to the source. A start (start
// set) at a dropped run of blanks lies after it, an end before it. ok is
// false when x falls inside a character that normalised to several bytes.
func (f folded) orig(x int, start bool) (int, bool) {
	// lo-1 is the last rep with n0 <= x.
	lo := sort.Search(len(f.reps), func(i int) bool { return f.reps[i].n0 > x })
	if lo == 0 {
		return x, true
	}
	r := f.reps[lo-1]
	switch {
	case r.n0 == r.n1 && x == r.n0 && !start:
		return r.o0, true
	case x >= r.n1:
		return r.o1 + x - r.n1, true
	case x == r.n0:
		return r.o0, true
	}
	return 0, false
}

// norm maps source offset x to the normal form; ok is false when x falls
// inside a character that was rewritten or a run of blanks dropped.
func (f folded) norm(x int) (int, bool) {
	// lo-1 is the last rep with o0 < x.
	lo := sort.Search(len(f.reps), func(i int) bool { return f.reps[i].o0 >= x })
	if lo == 0 {
		return x, true
	}
	r := f.reps[lo-1]
	if x < r.o1 {
		return 0, false
	}
	return r.n1 + x - r.o1, true
}

// kinds is the set of normalisations f needed.
func (f folded) kinds() Norm {
	var n Norm
	for _, r := range f.reps {
		n |= r.kind
	}
	return n
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' }

// blankAt returns the size of the blank at src[i]: a space, tab or \r, or
// a no-break space (which reads as a space), else 0.
func blankAt(src string, i int) int {
	switch {
	case i >= len(src):
		return 0
	case isBlank(src[i]):
		return 1
	case strings.HasPrefix(src[i:], "\u00a0"):
		return 2
	case strings.HasPrefix(src[i:], "\u2007"), strings.HasPrefix(src[i:], "\u202f"):
		return 3
	}
	return 0
}
