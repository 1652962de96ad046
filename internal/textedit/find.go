package textedit

import (
	"strings"
)

// span is one place an edit replaces: text[start:end] becomes repl.
type span struct {
	start, end int
	repl       string
	restyled   bool
}

// find tries each reading of e (as typed first) with each matcher (exact
// first) and replaces what the first one that fits finds. A matcher that
// fits more than one place while e.All is unset refuses the edit.
func find(text string, e Edit) (string, Applied, error) {
	for _, v := range variants(text, e) {
		spans, how, err := locate(text, v)
		if err != nil {
			return "", Applied{}, err
		}
		if len(spans) == 0 {
			continue
		}
		out, err := assemble(text, spans, v.New == "")
		if err != nil {
			return "", Applied{}, err
		}
		a := Applied{Count: len(spans), Norm: v.norm | how}
		for _, s := range spans {
			a.Restyled = a.Restyled || s.restyled
		}
		return out, a, nil
	}
	return "", Applied{}, &NotFoundError{Old: e.Old, Hint: nearest(text, e.Old)}
}

// locate finds v in text: exactly (in the text's line endings or as
// typed), else through the normal forms, else with other indentation.
func locate(text string, v variant) ([]span, Norm, error) {
	for _, c := range candidates(text, v.Edit) {
		if at := v.keep(text, findAll(text, c.Old), len(c.Old)); len(at) > 0 {
			spans := make([]span, len(at))
			for i, s := range at {
				spans[i] = span{start: s, end: s + len(c.Old), repl: c.New}
			}
			return spans, 0, v.unique(text, spans)
		}
	}
	styled := styledFor(text, v.Edit)
	regions := regionsFor(text, styled.Old)
	spans, how := matchChars(text, styled, regions)
	if spans = v.filter(text, spans); len(spans) == 0 {
		spans, how = matchIndent(text, styled, regions)
		spans = v.filter(text, spans)
	}
	return spans, how, v.unique(text, spans)
}

// unique refuses more than one place unless the edit replaces all.
func (v variant) unique(text string, spans []span) error {
	if len(spans) < 2 || v.All {
		return nil
	}
	starts := make([]int, len(spans))
	for i, s := range spans {
		starts[i] = s.start
	}
	return &AmbiguousError{Old: v.Old, Matches: len(spans), Lines: lineNumbers(text, starts)}
}

// keep is filter for exact matches of length n.
func (v variant) keep(text string, at []int, n int) []int {
	if !v.constrained() {
		return at
	}
	spans := make([]span, len(at))
	for i, s := range at {
		spans[i] = span{start: s, end: s + n}
	}
	spans = v.filter(text, spans)
	at = at[:0]
	for _, s := range spans {
		at = append(at, s.start)
	}
	return at
}

func (v variant) constrained() bool { return v.line > 0 || v.atEOF || v.lineStart || v.lineEnd }

// filter keeps the places that satisfy v's constraints: beginning on the
// line its stripped numbers name, or ending at the end of the text.
func (v variant) filter(text string, spans []span) []span {
	if !v.constrained() {
		return spans
	}
	starts := make([]int, len(spans))
	for i, s := range spans {
		starts[i] = s.start
	}
	lines := lineNumbers(text, starts)
	kept := spans[:0]
	for i, s := range spans {
		if (v.line == 0 || lines[i] == v.line) && (!v.atEOF || s.end == len(text)) &&
			(!v.lineStart || s.start == 0 || text[s.start-1] == '\n') &&
			(!v.lineEnd || s.end == len(text) || text[s.end] == '\n' || text[s.end] == '\r') {
			kept = append(kept, s)
		}
	}
	return kept
}

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

// lineAware widens or narrows a deletion to keep the lines whole.
func lineAware(text string, s span) span {
	if s.end == s.start {
		return s
	}
	atLineStart := s.start == 0 || text[s.start-1] == '\n'
	switch {
	case text[s.end-1] == '\n' && !atLineStart:
		s.repl = "\n"
		if s.end-2 >= s.start && text[s.end-2] == '\r' {
			s.repl = "\r\n"
		}
	case text[s.end-1] != '\n' && atLineStart && strings.HasPrefix(text[s.end:], "\n"):
		s.end++
	case text[s.end-1] != '\n' && atLineStart && strings.HasPrefix(text[s.end:], "\r\n"):
		s.end += 2
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
