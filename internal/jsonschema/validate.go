package jsonschema

import "fmt"

// Limits on one Validate call.
const (
	maxRefDepth   = 64        // $refs followed without descending into the value
	maxValueDepth = 256       // nesting of the value
	maxSteps      = 1_000_000 // subschema checks
	maxProblems   = 5         // problems listed in the error
)

// Validate checks v, a value as encoding/json decodes into any. It returns
// nil or a *ValidationError.
//
// The check runs first without collecting anything; only a failing value
// is checked again to describe its problems, in a stable order.
func (s *Schema) Validate(v any) error {
	if s == nil || s.root == nil {
		return nil
	}
	quiet := state{}
	if quiet.check(s.root, v) && quiet.fatal == nil {
		return nil
	}
	loud := state{collect: true, limit: maxProblems + 1}
	loud.check(s.root, v)
	switch {
	case loud.fatal != nil:
		return &ValidationError{Problems: []Problem{*loud.fatal}}
	case quiet.fatal != nil:
		return &ValidationError{Problems: []Problem{*quiet.fatal}}
	case len(loud.problems) == 0:
		return &ValidationError{Problems: []Problem{{Message: "value does not match the schema"}}}
	case len(loud.problems) > maxProblems:
		return &ValidationError{Problems: loud.problems[:maxProblems], More: true}
	}
	return &ValidationError{Problems: loud.problems}
}

// state is one pass over a value. A quiet pass (collect false) stops at
// the first failure; a collecting one records up to limit problems.
type state struct {
	collect  bool
	limit    int
	problems []Problem
	fatal    *Problem // a limit was hit: the check is abandoned
	steps    int
	refDepth int
	depth    int
	path     []segment // where the value being checked is; collecting passes only
}

// done reports whether checking should stop after a failure.
func (s *state) done() bool {
	return s.fatal != nil || !s.collect || len(s.problems) >= s.limit
}

// more reports whether to go on after a step that returned ok.
func (s *state) more(ok bool) bool { return ok || !s.done() }

// add records a problem at the current path; call it only when collecting.
func (s *state) add(format string, args ...any) {
	s.problems = append(s.problems, Problem{Path: s.pointer(), Message: fmt.Sprintf(format, args...)})
}

func (s *state) setFatal(msg string) {
	if s.fatal == nil {
		s.fatal = &Problem{Path: s.pointer(), Message: msg}
	}
}

// check checks v, found at the current path, against n.
func (s *state) check(n *node, v any) bool {
	if s.fatal != nil {
		return false
	}
	if s.steps++; s.steps > maxSteps {
		s.setFatal("the schema is too complex to check this value")
		return false
	}
	if n.isBool {
		if !n.boolVal && s.collect {
			s.add("no value is allowed here")
		}
		return n.boolVal
	}
	ok := s.checkRef(n, v)
	if s.more(ok) {
		ok = s.checkValue(n, v) && ok
	}
	if s.more(ok) {
		ok = s.checkShape(n, v) && ok
	}
	if s.more(ok) {
		ok = s.checkLogic(n, v) && ok
	}
	return ok
}

func (s *state) checkRef(n *node, v any) bool {
	if n.ref == nil {
		return true
	}
	if s.refDepth >= maxRefDepth {
		s.setFatal(fmt.Sprintf("$ref %q nests more than %d levels deep (a reference cycle in the schema?)",
			n.refText, maxRefDepth))
		return false
	}
	s.refDepth++
	ok := s.check(n.ref, v)
	s.refDepth--
	return ok
}

// child checks v, the entry key (or index) of the current value.
func (s *state) child(n *node, v any, key string, index int) bool {
	if s.depth >= maxValueDepth {
		s.setFatal(fmt.Sprintf("the value is nested more than %d levels deep", maxValueDepth))
		return false
	}
	// Only a collecting pass reports paths, so only it keeps one.
	tracked := s.collect
	if tracked {
		s.path = append(s.path, segment{key: key, index: index})
	}
	savedRefs := s.refDepth
	s.refDepth = 0
	s.depth++
	ok := s.check(n, v)
	s.depth--
	s.refDepth = savedRefs
	if tracked {
		s.path = s.path[:len(s.path)-1]
	}
	return ok
}

// passes checks quietly, whatever the mode: for the keywords whose
// subschema failures are not problems themselves (anyOf, not, if...).
func (s *state) passes(n *node, v any) bool {
	saved := s.collect
	s.collect = false
	ok := s.check(n, v)
	s.collect = saved
	return ok
}

// firstProblem checks v against n apart from the problems found so far,
// and returns the first problem; ok is false if v passes.
func (s *state) firstProblem(n *node, v any) (Problem, bool) {
	saved, savedCollect, savedLimit := s.problems, s.collect, s.limit
	s.problems, s.collect, s.limit = nil, true, 1
	s.check(n, v)
	found := s.problems
	s.problems, s.collect, s.limit = saved, savedCollect, savedLimit
	if len(found) == 0 {
		return Problem{}, false
	}
	return found[0], true
}
