package textedit

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Hint limits: the model gets the candidate, not the file.
const (
	hintLines    = 6
	hintLineSize = 160
	excerptRunes = 24
	maxVotes     = 1 << 16
)

// nearest describes the place of text that old comes closest to: its
// lines with their numbers and the first thing that differs. It returns
// "" when no line of old is found in text.
func nearest(text, old string) string {
	if s, _, ok := cutNumbers(old); ok {
		old = s
	}
	ol := splitLines(strings.Trim(strings.ReplaceAll(old, "\r\n", "\n"), "\n"))
	fl := splitLines(text)
	start, votes := vote(fl, ol)
	if votes == 0 {
		if start, votes = alike(fl, ol); votes == 0 {
			return ""
		}
		votes = 0
	}
	var b strings.Builder
	end := min(start+len(ol), len(fl))
	if end-start > 1 {
		fmt.Fprintf(&b, "The closest text is at lines %d-%d", start+1, end)
	} else {
		fmt.Fprintf(&b, "The closest text is at line %d", start+1)
	}
	if votes > 0 {
		fmt.Fprintf(&b, " (%d of %d lines match)", votes, len(ol))
	}
	fmt.Fprintf(&b, "; %s", difference(fl, ol, start))
	for i := start; i < end && i < start+hintLines; i++ {
		fmt.Fprintf(&b, "\n%d\t%s", i+1, clipTo(fl[i].body, hintLineSize))
	}
	return b.String()
}

// vote returns the first line of the window of fl where the most lines
// of ol appear (compared trimmed and in normal form), and how many do.
func vote(fl, ol []line) (int, int) {
	at := map[string][]int{}
	lo, hi := 1<<31, 0 // the lengths a file line's key may have
	for i, l := range ol {
		if k := key(l.body); k != "" {
			at[k] = append(at[k], i)
			lo, hi = min(lo, len(k)), max(hi, len(k))
		}
	}
	counts := map[int]int{}
	best, bestN, cast := 0, 0, 0
	for n, l := range fl {
		if cast > maxVotes {
			break // enough to name a candidate; a refusal stays cheap
		}
		// Normal form changes a line's length by at most 3x either way
		// (… is three bytes for three), so most lines need no folding.
		if n := len(strings.TrimSpace(l.body)); n*3 < lo || n > hi*3 {
			continue
		}
		for _, i := range at[key(l.body)] {
			cast++
			s := n - i
			if s < 0 {
				continue
			}
			counts[s]++
			if c := counts[s]; c > bestN || (c == bestN && s < best) {
				best, bestN = s, c
			}
		}
	}
	return best, bestN
}

// alike is vote's fallback when no line of ol is in fl: the window whose
// first line shares the longest start and end with ol's first line (at
// least half of it), with 1 for found.
func alike(fl, ol []line) (int, int) {
	if len(ol) == 0 {
		return 0, 0
	}
	k := key(ol[0].body)
	best, bestScore := 0, len(k)/2
	found := 0
	for n, l := range fl {
		if len(l.body) > 3*len(k)+8 || 3*len(l.body)+8 < len(k) {
			continue
		}
		f := key(l.body)
		p := commonPrefix(f, k)
		if score := p + commonSuffix(f[p:], k[p:]); score > bestScore {
			best, bestScore, found = n, score, 1
		}
	}
	return best, found
}

func key(s string) string { return normalize(strings.TrimSpace(s), true).s }

// difference names the first line of the window at start that keeps ol
// from matching.
func difference(fl, ol []line, start int) string {
	var indent []string
	delta := -1 << 31
	for i, o := range ol {
		n := start + i
		if n >= len(fl) {
			return fmt.Sprintf("old_string has %d lines but the file ends at line %d.", len(ol), len(fl))
		}
		f := fl[n].body
		switch {
		case f == o.body:
			continue
		case key(f) == key(o.body):
			fi, _ := splitIndent(f)
			oi, _ := splitIndent(o.body)
			if d := columns(fi, 4) - columns(oi, 4); d != delta && len(indent) < 2 {
				delta = d
				indent = append(indent, fmt.Sprintf("line %d is indented with %s in the file but %s in old_string",
					n+1, describeIndent(fi), describeIndent(oi)))
			}
			continue
		case i+1 < len(ol) && key(ol[i+1].body) == key(f):
			return fmt.Sprintf("old_string has a line the file lacks before line %d: %q.", n+1, clipTo(o.body, hintLineSize))
		case n+1 < len(fl) && key(fl[n+1].body) == key(o.body):
			return fmt.Sprintf("the file has a line old_string lacks, line %d: %q.", n+1, clipTo(f, hintLineSize))
		}
		return column(f, o.body, n+1)
	}
	if len(indent) > 0 {
		return strings.Join(indent, "; ") + "."
	}
	return "its lines match, but not as one piece (check where old_string begins and ends)."
}

// column names the first character where file line f and old line o differ.
func column(f, o string, n int) string {
	i := commonPrefix(f, o)
	for i > 0 && i < len(f) && !utf8.RuneStart(f[i]) {
		i--
	}
	col := utf8.RuneCountInString(f[:i]) + 1
	return fmt.Sprintf("line %d differs at column %d: the file has %q where old_string has %q.",
		n, col, excerpt(f[i:]), excerpt(o[min(i, len(o)):]))
}

func excerpt(s string) string {
	n := 0
	for i := range s {
		if n == excerptRunes {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// describeIndent says what an indentation is made of.
func describeIndent(ind string) string {
	tabs := strings.Count(ind, "\t")
	spaces := len(ind) - tabs
	switch {
	case tabs == 0 && spaces == 0:
		return "no indentation"
	case tabs == 0:
		return plural(spaces, "space")
	case spaces == 0:
		return plural(tabs, "tab")
	}
	return plural(tabs, "tab") + " and " + plural(spaces, "space")
}

// clipTo shortens s to at most n bytes at a character boundary.
func clipTo(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
