package textedit

import (
	"fmt"
	"sort"
)

// span is one place an edit replaces: text[start:end] becomes repl.
type span struct {
	start, end int
	repl       string
	restyled   bool
	// unclear: the place fits, but how to indent new_string there is not
	// (tab widths disagree); the edit is refused.
	unclear bool
}

// find tries each reading of e (as typed first) with each matcher (exact
// first) and replaces what they find. An exact match of e as typed wins at
// once; otherwise every reading that fits must fit the same places (the
// first such reading is used), and more than one place while e.All is
// unset refuses the edit.
func find(text string, e Edit) (string, Applied, error) {
	var (
		best    []span
		bestV   variant
		bestHow Norm
	)
	for i, v := range variants(text, e) {
		spans, how, err := locate(text, v)
		switch {
		case err != nil:
			return "", Applied{}, err
		case len(spans) == 0:
			continue
		case i == 0 && how == 0:
			return replace(text, spans, v, how)
		case best == nil:
			best, bestV, bestHow = spans, v, how
		case !samePlaces(text, best, spans):
			both := append(append([]span(nil), best...), spans...)
			sort.Slice(both, func(i, j int) bool { return both[i].start < both[j].start })
			return "", Applied{}, e.ambiguous(text, both)
		}
	}
	if best != nil {
		return replace(text, best, bestV, bestHow)
	}
	return "", Applied{}, &NotFoundError{Old: e.Old, Hint: nearest(text, e.Old)}
}

func replace(text string, spans []span, v variant, how Norm) (string, Applied, error) {
	for _, s := range spans {
		if s.unclear {
			line := lineNumbers(text, []int{s.start})[0]
			return "", Applied{}, &NotFoundError{Old: v.Old, Hint: fmt.Sprintf("Line %d matches with other "+
				"indentation, but whether new_string's lines there take tabs or spaces is unclear; "+
				"copy the indentation of the file's lines into old_string and new_string.", line)}
		}
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

// samePlaces reports whether two readings found the same places: the
// same lines from the first to the last character that is not a line
// break.
func samePlaces(text string, a, b []span) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if contentLines(text, a[i]) != contentLines(text, b[i]) {
			return false
		}
	}
	return true
}

func contentLines(text string, s span) [2]int {
	i, j := s.start, s.end
	for i < j && (text[i] == '\n' || text[i] == '\r') {
		i++
	}
	for j > i && (text[j-1] == '\n' || text[j-1] == '\r') {
		j--
	}
	l := lineNumbers(text, []int{i, j})
	return [2]int{l[0], l[1]}
}

// ambiguous is the error for an edit that fits all these places.
func (e Edit) ambiguous(text string, spans []span) error {
	starts := make([]int, len(spans))
	for i, s := range spans {
		starts[i] = s.start
	}
	return &AmbiguousError{Old: e.Old, Matches: len(spans), Lines: lineNumbers(text, starts)}
}

// locate finds v in text: exactly (in the text's line endings or as
// typed), else through the normal forms, else with other indentation.
func locate(text string, v variant) ([]span, Norm, error) {
	styled := styledFor(v.Edit, v.crlf)
	regions := regionsFor(text, styled.Old)
	for _, c := range candidates(v.Edit, v.crlf) {
		if at := v.keep(text, findIn(text, regions, c.Old, !v.All), len(c.Old)); len(at) > 0 {
			spans := make([]span, len(at))
			for i, s := range at {
				spans[i] = span{start: s, end: s + len(c.Old), repl: c.New}
			}
			return spans, 0, v.unique(text, spans)
		}
	}
	spans, how := matchChars(text, styled, regions)
	spans = v.filter(text, spans)
	// Places only the indentation matcher finds count too: a match in one
	// place must not win over a different place another matcher fits.
	more, indented := matchIndent(text, styled, regions)
	chars := len(spans)
	for _, s := range v.filter(text, more) {
		if !samePlace(text, spans[:chars], s) {
			spans = append(spans, s)
			how |= indented
		}
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	return spans, how, v.unique(text, spans)
}

// samePlace reports whether s covers the same lines as one of spans.
func samePlace(text string, spans []span, s span) bool {
	for _, o := range spans {
		if contentLines(text, o) == contentLines(text, s) {
			return true
		}
	}
	return false
}

// unique refuses more than one place unless the edit replaces all.
func (v variant) unique(text string, spans []span) error {
	if len(spans) < 2 || v.All {
		return nil
	}
	return v.Edit.ambiguous(text, spans)
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
