package textedit

import (
	"errors"
	"sort"
	"strings"
)

// errNoMatch says a normalisation found nothing; the next one is tried.
var errNoMatch = errors.New("no match")

// replaceFuzzy looks for e.Old in text with both normalised by mode and
// replaces the text's actual spans that match.
func replaceFuzzy(text string, e Edit, mode Norm) (string, Applied, error) {
	if mode&NormQuotes != 0 && !hasCurly(text) && !hasCurly(e.Old) {
		return "", Applied{}, errNoMatch
	}
	nt := normalise(text, mode, true)
	old := normalise(e.Old, mode, false).s
	at := findAll(nt.s, old)
	switch {
	case old == "" || len(at) == 0:
		return "", Applied{}, errNoMatch
	case len(at) > 1 && !e.All:
		return "", Applied{}, &AmbiguousError{Old: e.Old, Matches: len(at)}
	}
	a := Applied{Count: len(at), Norm: mode}
	var b strings.Builder
	b.Grow(min(len(text)+len(at)*len(e.New), MaxFileSize+1))
	prev := 0
	for _, n := range at {
		start, end := nt.orig(n), nt.origEnd(text, n+len(old))
		repl := e.New
		if mode&NormQuotes != 0 {
			repl = restyle(e.New, text[start:end])
			a.Restyled = a.Restyled || repl != e.New
		}
		b.WriteString(text[prev:start])
		b.WriteString(repl)
		prev = end
		if b.Len() > MaxFileSize {
			return "", Applied{}, ErrTooLarge
		}
	}
	b.WriteString(text[prev:])
	if b.Len() > MaxFileSize {
		return "", Applied{}, ErrTooLarge
	}
	return b.String(), a, nil
}

// normalised is a text with curly quotes made straight and/or blanks at
// line ends dropped, with a sparse map back to the original offsets.
type normalised struct {
	s   string
	bps []breakpoint
}

// breakpoint: from normalised offset n on, offset x maps to o + (x - n).
type breakpoint struct{ n, o int }

// normalise rewrites src by mode. eol says whether the end of src counts
// as a line end (true for a file; false for an old_string, whose end may
// be in the middle of a line).
func normalise(src string, mode Norm, eol bool) normalised {
	var out strings.Builder // String() does not copy
	out.Grow(len(src))
	m := normalised{bps: []breakpoint{{0, 0}}}
	start := 0 // the unchanged run not yet copied begins here
	for i := 0; i < len(src); {
		if q, ok := quoteToDrop(src, i, mode); ok {
			out.WriteString(src[start:i]) // maps 1:1, so the quote's own offset needs no breakpoint
			out.WriteByte(q)
			i += 3
			start = i
			m.bps = append(m.bps, breakpoint{out.Len(), i})
			continue
		}
		if mode&NormSpace == 0 || !isBlank(src[i]) {
			i++
			continue
		}
		j := i
		for j < len(src) && isBlank(src[j]) {
			j++
		}
		if (j == len(src) && eol) || (j < len(src) && src[j] == '\n') {
			out.WriteString(src[start:i])
			start = j
			m.bps = append(m.bps, breakpoint{out.Len(), j})
		}
		i = j
	}
	out.WriteString(src[start:])
	m.s = out.String()
	return m
}

// quoteToDrop reports a curly quote at src[i] that mode makes straight.
func quoteToDrop(src string, i int, mode Norm) (byte, bool) {
	if mode&NormQuotes == 0 || src[i] != 0xE2 {
		return 0, false
	}
	return straightAt(src, i)
}

// orig maps a normalised offset to the original offset of the same byte.
func (m normalised) orig(x int) int {
	k := sort.Search(len(m.bps), func(k int) bool { return m.bps[k].n > x }) - 1
	return m.bps[k].o + x - m.bps[k].n
}

// origEnd maps an exclusive normalised end x > 0 to the end of the
// original character behind byte x-1 (three bytes for a curly quote).
func (m normalised) origEnd(src string, x int) int {
	o := m.orig(x - 1)
	if src[o] != m.s[x-1] {
		return o + 3
	}
	return o + 1
}

// findAll returns the starts of the non-overlapping occurrences of sub.
func findAll(s, sub string) []int {
	var at []int
	for off := 0; ; {
		i := strings.Index(s[off:], sub)
		if i < 0 {
			return at
		}
		at = append(at, off+i)
		off += i + len(sub)
	}
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' }
