package toolsearch

import (
	"cmp"
	"slices"
	"strings"

	"corvid/internal/tool"
)

// selectPrefix starts a query that names tools exactly.
const selectPrefix = "select:"

// Query is a parsed ToolSearch query.
type Query struct {
	// Select are exact tool names (select:a,b); when set, Terms are empty.
	Select []string
	// Terms are lower-case keywords; Required must appear in the name.
	Terms, Required []string
}

// ParseQuery parses "select:a,b" or keywords ("+name word").
func ParseQuery(q string) (Query, error) {
	q = strings.TrimSpace(q)
	if rest, ok := strings.CutPrefix(q, selectPrefix); ok {
		var out Query
		for _, n := range strings.Split(rest, ",") {
			if n = strings.TrimSpace(n); n != "" && !slices.Contains(out.Select, n) {
				out.Select = append(out.Select, n)
			}
		}
		if len(out.Select) == 0 {
			return Query{}, ErrEmptyQuery
		}
		return out, nil
	}
	var out Query
	for _, w := range strings.Fields(strings.ToLower(q)) {
		if r, ok := strings.CutPrefix(w, "+"); ok {
			if r != "" {
				out.Required = append(out.Required, r)
			}
			continue
		}
		out.Terms = append(out.Terms, w)
	}
	if len(out.Terms)+len(out.Required) == 0 {
		return Query{}, ErrEmptyQuery
	}
	return out, nil
}

// Match returns the tools of candidates the keywords find, best first
// (ties in the candidates' order), at most max. A tool must hold every
// required term in its name and match at least one term.
func (q Query) Match(candidates []tool.Tool, max int) []tool.Tool {
	type scored struct {
		t     tool.Tool
		score int
		pos   int
	}
	var found []scored
	for i, t := range candidates {
		if s := q.score(t); s > 0 {
			found = append(found, scored{t, s, i})
		}
	}
	slices.SortStableFunc(found, func(a, b scored) int { return cmp.Or(b.score-a.score, a.pos-b.pos) })
	var out []tool.Tool
	for _, f := range found[:min(len(found), max)] {
		out = append(out, f.t)
	}
	return out
}

// score rates one tool: a term that is a whole part of the name counts
// most, then one inside the name, then one in the description.
func (q Query) score(t tool.Tool) int {
	name := strings.ToLower(t.Name())
	parts := nameParts(name)
	desc := strings.ToLower(t.Description())
	for _, r := range q.Required {
		if !strings.Contains(name, r) {
			return 0
		}
	}
	score := 0
	for _, term := range append(slices.Clone(q.Required), q.Terms...) {
		switch {
		case slices.Contains(parts, term):
			score += 10
		case strings.Contains(name, term):
			score += 5
		case strings.Contains(desc, term):
			score += 2
		}
	}
	return score
}

// nameParts splits mcp__server__do_thing into mcp, server, do, thing.
func nameParts(name string) []string {
	return strings.FieldsFunc(name, func(r rune) bool { return r == '_' || r == '-' || r == '.' })
}
