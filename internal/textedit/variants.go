package textedit

import (
	"strconv"
	"strings"
)

// variant is one reading of an edit: as typed, or with some of the
// model's copying habits undone, with what a match must then satisfy.
type variant struct {
	Edit
	norm Norm
	// line > 0: the match begins on this line (stripped numbers named it).
	line int
	// atEOF: the match ends at the end of the text.
	atEOF bool
	// lineStart, lineEnd: the match begins at the start of a line, ends at
	// the end of one (the trimmed line breaks said so).
	lineStart, lineEnd bool
	// crlf: the text mostly breaks lines with \r\n (counted once).
	crlf bool
}

// rewrite undoes one habit, if v shows it.
type rewrite func(text string, v variant) (variant, bool)

// variants returns e as typed, then every combination of rewrites that
// applies, fewest first.
func variants(text string, e Edit) []variant {
	out := []variant{{Edit: e, crlf: isCRLF(text)}}
	for _, rw := range []rewrite{stripLineNumbers, unescape, trimNewlines, eofNewline} {
		for _, v := range out {
			if w, ok := rw(text, v); ok && strings.TrimSpace(w.Old) != "" && w.Old != w.New {
				out = append(out, w)
			}
		}
	}
	// Stable by the number of rewrites: out grew in rounds, so sort by
	// popcount of norm while keeping order within each count.
	sorted := make([]variant, 0, len(out))
	for n := 0; n <= 4; n++ {
		for _, v := range out {
			if popcount(v.norm) == n {
				sorted = append(sorted, v)
			}
		}
	}
	return sorted
}

func popcount(n Norm) int {
	c := 0
	for ; n != 0; n &= n - 1 {
		c++
	}
	return c
}

// stripLineNumbers removes Read's "   12<TAB>" prefixes when every line of
// old_string has one and the numbers run on by one; new_string loses them
// too when every line of it has one.
func stripLineNumbers(_ string, v variant) (variant, bool) {
	old, first, ok := cutNumbers(v.Old)
	if !ok {
		return v, false
	}
	v.Old, v.line, v.norm = old, first, v.norm|NormLineNumbers
	if n, _, ok := cutNumbers(v.New); ok {
		v.New = n
	}
	return v, true
}

// cutNumbers strips a consecutive "N\t" (or "N→") prefix from every line.
func cutNumbers(s string) (string, int, bool) {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	var b strings.Builder
	first := 0
	for i, l := range lines {
		t := strings.TrimLeft(l, " ")
		j := 0
		for j < len(t) && j < 9 && t[j] >= '0' && t[j] <= '9' {
			j++
		}
		n, err := strconv.Atoi(t[:j])
		sep := 0
		switch {
		case strings.HasPrefix(t[j:], "\t"):
			sep = 1
		case strings.HasPrefix(t[j:], "→"):
			sep = len("→")
		}
		if j == 0 || err != nil || sep == 0 || (i > 0 && n != first+i) {
			return "", 0, false
		}
		if i == 0 {
			first = n
		}
		b.WriteString(t[j+sep:])
	}
	return b.String(), first, first > 0
}

// trimNewlines drops the line breaks at the ends of old_string, and as
// many from new_string, which must have at least as many; the match must
// then begin (end) at a line boundary.
func trimNewlines(_ string, v variant) (variant, bool) {
	lead, trail := leading(v.Old), trailing(v.Old)
	if lead+trail == 0 || lead+trail >= len(v.Old) || leading(v.New) < lead || trailing(v.New) < trail ||
		lead+trail > len(v.New) {
		return v, false
	}
	v.lineStart, v.lineEnd = v.lineStart || lead > 0, v.lineEnd || trail > 0
	v.Old = v.Old[lead : len(v.Old)-trail]
	v.New = v.New[lead : len(v.New)-trail]
	v.norm |= NormNewlines
	return v, true
}

func leading(s string) int  { return len(s) - len(strings.TrimLeft(s, "\n")) }
func trailing(s string) int { return len(s) - len(strings.TrimRight(s, "\n")) }

// eofNewline lets a final line break of old_string stand for the end of a
// text that has none (new_string then loses its final one too).
func eofNewline(text string, v variant) (variant, bool) {
	if strings.HasSuffix(text, "\n") || !strings.HasSuffix(v.Old, "\n") || v.norm&NormNewlines != 0 {
		return v, false
	}
	v.Old = strings.TrimSuffix(v.Old, "\n")
	v.New = strings.TrimSuffix(v.New, "\n")
	v.atEOF, v.norm = true, v.norm|NormNewlines
	return v, true
}
