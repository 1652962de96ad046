package jsonschema

import "strings"

// Problem is one way a value fails its schema.
type Problem struct {
	// Path is the JSON pointer of the offending value ("" for the whole
	// value, "/limit", "/edits/0/old_string").
	Path string
	// Message says what is wrong, in plain words.
	Message string

	// expected and got describe a type mismatch, so that failing
	// alternatives can be merged into one "expected X or Y" message.
	expected []string
	got      string
}

func (p Problem) String() string { return displayPointer(p.Path) + ": " + p.Message }

// ValidationError lists the first problems found.
type ValidationError struct {
	Problems []Problem
	// More is set when problems beyond those listed were found.
	More bool
}

// Error gives one "pointer: message" per problem, joined with "; ".
func (e *ValidationError) Error() string {
	var b strings.Builder
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(p.String())
	}
	if e.More {
		b.WriteString("; (further problems not shown)")
	}
	return b.String()
}

// segment is one step of a path: an object key, or an array index when
// index >= 0.
type segment struct {
	key   string
	index int
}

// pointer is the JSON pointer of the value being checked.
func (s *state) pointer() string {
	var b strings.Builder
	for _, seg := range s.path {
		b.WriteByte('/')
		if seg.index >= 0 {
			b.WriteString(itoa(seg.index))
		} else {
			b.WriteString(escapeToken(seg.key))
		}
	}
	return b.String()
}
