package jsonschema

import "strings"

// checkValue checks type, enum and const.
func (s *state) checkValue(n *node, v any) bool {
	kind := kindOf(v)
	if kind == 0 {
		if s.collect {
			s.add("cannot check a value of Go type %T", v)
		}
		return false
	}
	ok := true
	if n.types != 0 && n.types&kind == 0 {
		if !s.collect {
			return false
		}
		s.problems = append(s.problems, typeProblem(s.pointer(), n.typeList, kindName(kind)))
		ok = false
	}
	if n.hasEnum && s.more(ok) && !inEnum(n.enum, v) {
		if !s.collect {
			return false
		}
		s.add("value %s is not one of %s", quote(v), quoteList(n.enum))
		ok = false
	}
	if n.hasConst && s.more(ok) && !equal(v, n.constVal) {
		if !s.collect {
			return false
		}
		s.add("value %s must be %s", quote(v), quote(n.constVal))
		ok = false
	}
	return ok
}

func inEnum(enum []any, v any) bool {
	for _, e := range enum {
		if equal(v, e) {
			return true
		}
	}
	return false
}

// typeProblem says which types were expected.
func typeProblem(path string, expected []string, got string) Problem {
	return Problem{Path: path, Message: "expected " + orList(expected) + ", got " + got,
		expected: expected, got: got}
}

// orList joins names as "a", "a or b", "one of a, b, c".
func orList(names []string) string {
	switch len(names) {
	case 1:
		return names[0]
	case 2:
		return names[0] + " or " + names[1]
	}
	return "one of " + strings.Join(names, ", ")
}

// quoteList shows the allowed values, capped.
func quoteList(values []any) string {
	const most = 10
	parts := make([]string, 0, min(len(values), most)+1)
	for i, e := range values {
		if i == most {
			parts = append(parts, "...")
			break
		}
		parts = append(parts, quote(e))
	}
	if len(parts) == 0 {
		return "(no value is allowed)"
	}
	return strings.Join(parts, ", ")
}
