package jsonschema

import (
	"fmt"
	"slices"
	"strings"
)

// checkLogic checks allOf, anyOf, oneOf, not and if/then/else.
func (s *state) checkLogic(n *node, v any) bool {
	ok := true
	for _, sub := range n.allOf {
		if !s.more(ok) {
			return false
		}
		ok = s.check(sub, v) && ok
	}
	if n.anyOf != nil && s.more(ok) {
		ok = s.checkAnyOf(n.anyOf, v) && ok
	}
	if n.oneOf != nil && s.more(ok) {
		ok = s.checkOneOf(n.oneOf, v) && ok
	}
	if n.not != nil && s.more(ok) && s.passes(n.not, v) {
		if s.collect {
			s.add(`value must not match the schema under "not"`)
		}
		ok = false
	}
	if n.ifN != nil && s.more(ok) {
		branch := n.elseN
		if s.passes(n.ifN, v) {
			branch = n.thenN
		}
		if branch != nil {
			ok = s.check(branch, v) && ok
		}
	}
	return ok
}

func (s *state) checkAnyOf(alts []*node, v any) bool {
	for _, alt := range alts {
		if s.passes(alt, v) {
			return true
		}
	}
	if s.collect && s.fatal == nil {
		s.problems = append(s.problems, s.noneMatched(alts, v))
	}
	return false
}

func (s *state) checkOneOf(alts []*node, v any) bool {
	matched := -1
	for i, alt := range alts {
		if !s.passes(alt, v) {
			continue
		}
		if matched >= 0 {
			if s.collect {
				s.add("value matches more than one oneOf alternative (%d and %d); it must match exactly one",
					matched+1, i+1)
			}
			return false
		}
		matched = i
	}
	if matched >= 0 {
		return true
	}
	if s.collect && s.fatal == nil {
		s.problems = append(s.problems, s.noneMatched(alts, v))
	}
	return false
}

// noneMatched describes a value that fits no alternative. When every
// alternative only wants another type here, that is one type problem.
func (s *state) noneMatched(alts []*node, v any) Problem {
	const most = 4
	here := s.pointer()
	var firsts []Problem
	for _, alt := range alts {
		if p, ok := s.firstProblem(alt, v); ok {
			firsts = append(firsts, p)
		}
	}
	if p, ok := mergeTypeProblems(firsts, here); ok {
		return p
	}
	var b strings.Builder
	for i, p := range firsts {
		if i == most {
			b.WriteString("; ...")
			break
		}
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%d: ", i+1)
		if p.Path != here {
			b.WriteString(displayPointer(p.Path) + ": ")
		}
		b.WriteString(p.Message)
	}
	return Problem{Path: here, Message: fmt.Sprintf("value matches none of the %d allowed alternatives (%s)",
		len(alts), b.String())}
}

func mergeTypeProblems(ps []Problem, here string) (Problem, bool) {
	var expected []string
	for _, p := range ps {
		if p.expected == nil || p.Path != here {
			return Problem{}, false
		}
		for _, t := range p.expected {
			if !slices.Contains(expected, t) {
				expected = append(expected, t)
			}
		}
	}
	if len(ps) == 0 {
		return Problem{}, false
	}
	got := ps[0].got
	return Problem{Path: here, Message: "expected " + orList(expected) + ", got " + got,
		expected: expected, got: got}, true
}
