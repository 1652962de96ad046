package textedit

import "strings"

// assemble writes the spans' replacements into text. When the edit
// deletes (new_string is empty), a whole line goes with its line break,
// and the end of a line goes without it, so lines are never joined.
func assemble(text string, spans []span, deleting bool) (string, error) {
	var b strings.Builder
	size := len(text)
	for _, s := range spans {
		size += len(s.repl) - (s.end - s.start)
	}
	if size > MaxFileSize {
		return "", ErrTooLarge
	}
	b.Grow(size + 2)
	prev := 0
	for _, s := range spans {
		if deleting && s.repl == "" {
			s = lineAware(text, s)
		}
		b.WriteString(text[prev:s.start])
		b.WriteString(s.repl)
		prev = s.end
	}
	b.WriteString(text[prev:])
	return b.String(), nil
}

// lineAware widens or narrows a deletion to keep the lines whole: a
// deletion of all a line holds (but its indentation and trailing blanks)
// takes the whole line with its break; one that begins inside a line and
// ends with a line break leaves the break.
func lineAware(text string, s span) span {
	if s.end == s.start {
		return s
	}
	ls := s.start
	for ls > 0 && (text[ls-1] == ' ' || text[ls-1] == '\t') {
		ls--
	}
	atLineStart := ls == 0 || text[ls-1] == '\n'
	if text[s.end-1] == '\n' {
		switch {
		case !atLineStart:
			s.repl = "\n"
			if s.end-2 >= s.start && text[s.end-2] == '\r' {
				s.repl = "\r\n"
			}
		default:
			s.start = ls
		}
		return s
	}
	le := s.end
	for le < len(text) && (text[le] == ' ' || text[le] == '\t') {
		le++
	}
	switch {
	case !atLineStart:
	case strings.HasPrefix(text[le:], "\n"):
		s.start, s.end = ls, le+1
	case strings.HasPrefix(text[le:], "\r\n"):
		s.start, s.end = ls, le+2
	}
	return s
}

// lineNumbers returns the 1-based line of each offset (ascending).
func lineNumbers(text string, offsets []int) []int {
	lines := make([]int, len(offsets))
	line, prev := 1, 0
	for i, o := range offsets {
		line += strings.Count(text[prev:o], "\n")
		prev = o
		lines[i] = line
	}
	return lines
}

// findIn is findAll within the regions: every occurrence of sub holds
// its anchor, so it lies in one of them.
func findIn(text string, regions []region, sub string, overlapping bool) []int {
	if len(regions) == 1 && regions[0] == (region{0, len(text)}) {
		return findAll(text, sub, overlapping)
	}
	var at []int
	for _, r := range regions {
		for _, i := range findAll(text[r.start:r.end], sub, overlapping) {
			at = append(at, r.start+i)
		}
	}
	return at
}

// findAll returns the starts of the occurrences of sub: all of them when
// overlapping is set (to tell a unique match), else the non-overlapping
// ones strings.Replace would replace.
func findAll(s, sub string, overlapping bool) []int {
	var at []int
	for off := 0; ; {
		i := strings.Index(s[off:], sub)
		if i < 0 {
			return at
		}
		at = append(at, off+i)
		off += i + len(sub)
		if overlapping {
			off -= len(sub) - 1
		}
	}
}
