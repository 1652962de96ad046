package grep

import (
	"bytes"
	"sort"
)

// matcher runs the Go engine's regexp over one file's bytes, line by line
// unless the search is multiline, with rg's output rules.
type matcher struct{ q *query }

type span [2]int // byte offsets [start, end) of one match

// file is the result of one file; false when nothing matched.
func (m matcher) file(path string, data []byte) (fileResult, bool) {
	switch m.q.mode {
	case modeFiles:
		found := false
		m.each(data, false, func(span) bool { found = true; return false })
		return fileResult{path: path}, found
	case modeCount:
		n := m.countLines(data)
		return fileResult{path: path, count: n}, n > 0
	}
	var spans []span
	cut := false
	m.each(data, m.q.onlyMatching, func(s span) bool {
		if cut = len(spans) >= m.q.caps.lines; cut {
			return false
		}
		spans = append(spans, s)
		return true
	})
	if len(spans) == 0 {
		return fileResult{}, false
	}
	return fileResult{path: path, lines: m.lines(data, spans), cut: cut}, true
}

// countLines is rg -c: the number of matching lines, or in multiline mode
// the number of matches.
func (m matcher) countLines(data []byte) int {
	n := 0
	m.each(data, false, func(span) bool { n++; return true })
	return n
}

// each calls fn for each match, in order, until fn returns false. In line
// mode it reports the first match of each matching line, or every match
// when all is set; in multiline mode every match.
func (m matcher) each(data []byte, all bool, fn func(span) bool) {
	if m.q.multiline {
		m.eachMultiline(data, fn)
		return
	}
	for pos := 0; pos < len(data); {
		ls := pos
		if !m.q.lineOnly {
			// One pass over the rest of the buffer finds the next line
			// that may match; the line itself is then checked alone.
			loc := m.q.re.FindIndex(data[pos:])
			if loc == nil {
				return
			}
			ls = pos + bytes.LastIndexByte(data[pos:pos+loc[0]], '\n') + 1
		}
		le := len(data)
		if i := bytes.IndexByte(data[ls:], '\n'); i >= 0 {
			le = ls + i
		}
		if !m.eachInLine(data[ls:le], ls, all, fn) {
			return
		}
		pos = le + 1
	}
}

// eachInLine reports the matches of one line, which starts at offset off.
func (m matcher) eachInLine(ln []byte, off int, all bool, fn func(span) bool) bool {
	if !all {
		loc := m.q.re.FindIndex(ln)
		return loc == nil || fn(span{off + loc[0], off + loc[1]})
	}
	for _, loc := range m.q.re.FindAllIndex(ln, -1) {
		if !fn(span{off + loc[0], off + loc[1]}) {
			return false
		}
	}
	return true
}

func (m matcher) eachMultiline(data []byte, fn func(span) bool) {
	n := -1
	if m.q.mode == modeFiles {
		n = 1
	}
	// The whole buffer at once: a match's surroundings (^, \b) must be
	// seen, which searching from an offset would hide.
	for _, loc := range m.q.re.FindAllIndex(data, n) {
		if loc[0] == len(data) && (len(data) == 0 || data[len(data)-1] == '\n') {
			return // the empty "line" after the final newline
		}
		if !fn(span{loc[0], loc[1]}) {
			return
		}
	}
}

// lines builds content-mode output: matching lines (or only the matched
// parts) with the requested context, each line once.
func (m matcher) lines(data []byte, spans []span) []line {
	ix := newLineIndex(data)
	var out []line
	next := 0 // the first line index not yet output
	emitContext := func(from, to int) {
		for i := max(from, next); i < to; i++ {
			out = append(out, newLine(i+1, ix.text(i), false))
		}
		next = max(next, to)
	}
	for i := 0; i < len(spans); {
		first, last := ix.lineOf(spans[i][0]), ix.lastLine(spans[i])
		j := i + 1
		for ; j < len(spans) && ix.lineOf(spans[j][0]) <= last; j++ {
			last = max(last, ix.lastLine(spans[j]))
		}
		emitContext(first-m.q.before, first)
		if m.q.onlyMatching {
			out = append(out, ix.pieces(spans[i:j])...)
		} else {
			for l := first; l <= last; l++ {
				out = append(out, newLine(l+1, ix.text(l), true))
			}
		}
		next = last + 1
		end := min(ix.count(), last+1+m.q.after)
		if j < len(spans) {
			end = min(end, ix.lineOf(spans[j][0]))
		}
		emitContext(next, end)
		i = j
	}
	return out
}

// lineIndex maps byte offsets to lines.
type lineIndex struct {
	data   []byte
	starts []int // offset of each line's first byte
}

func newLineIndex(data []byte) lineIndex {
	starts := []int{0}
	for i := 0; ; {
		j := bytes.IndexByte(data[i:], '\n')
		if j < 0 || i+j+1 >= len(data) {
			break
		}
		i += j + 1
		starts = append(starts, i)
	}
	return lineIndex{data: data, starts: starts}
}

func (ix lineIndex) count() int { return len(ix.starts) }

// lineOf is the 0-based line holding offset off.
func (ix lineIndex) lineOf(off int) int { return sort.SearchInts(ix.starts, off+1) - 1 }

// lastLine is the line holding the last byte of s (its first for an
// empty match).
func (ix lineIndex) lastLine(s span) int { return ix.lineOf(max(s[0], s[1]-1)) }

// text is line i with its terminator.
func (ix lineIndex) text(i int) []byte {
	if i+1 < len(ix.starts) {
		return ix.data[ix.starts[i]:ix.starts[i+1]]
	}
	return ix.data[ix.starts[i]:]
}

// pieces are the non-empty matched texts, one output line per line of
// each match (rg -o).
func (ix lineIndex) pieces(spans []span) []line {
	var out []line
	for _, s := range spans {
		num := ix.lineOf(s[0]) + 1
		for k, p := range bytes.Split(ix.data[s[0]:s[1]], []byte{'\n'}) {
			if len(p) > 0 {
				out = append(out, newLine(num+k, p, true))
			}
		}
	}
	return out
}
