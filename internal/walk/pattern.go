package walk

import "strings"

// rule is one pattern line of an ignore file, in git's syntax.
type rule struct {
	// negate is a leading '!': a match re-includes the entry.
	negate bool
	// dirOnly is a trailing '/': only directories match.
	dirOnly bool
	// anchored rules hold a slash (other than a trailing one) and match
	// the path below the rule's directory; the others match the entry's
	// name alone, at any depth (its parents were checked when the walk
	// reached them).
	anchored bool
	segs     []segment
	// depth is the number of path components of the directory holding
	// the ignore file.
	depth int
}

// parseRule reads one line of an ignore file found at the given depth.
// Blank lines and comments give no rule.
func parseRule(line string, depth int) (rule, bool) {
	if line == "" || line[0] == '#' {
		return rule{}, false
	}
	line = trimTrailingSpaces(line)
	r := rule{depth: depth}
	if rest, ok := strings.CutPrefix(line, "!"); ok {
		r.negate, line = true, rest
	}
	if rest, ok := strings.CutSuffix(line, "/"); ok {
		r.dirOnly, line = true, rest
	}
	if line == "" {
		return rule{}, false
	}
	if !strings.Contains(line, "/") {
		r.segs = []segment{compileSegment(line)}
		return r, true
	}
	r.anchored = true
	line = strings.TrimPrefix(line, "/")
	for part := range strings.SplitSeq(line, "/") {
		if part == "**" {
			if n := len(r.segs); n > 0 && r.segs[n-1].kind == segAnyDirs {
				continue // "**/**" says no more than "**"
			}
			r.segs = append(r.segs, segment{kind: segAnyDirs})
			continue
		}
		r.segs = append(r.segs, compileSegment(part))
	}
	return r, true
}

// trimTrailingSpaces drops the spaces ending line unless a backslash
// escapes them ("a\ " keeps its last space). Tabs stay, as in git.
func trimTrailingSpaces(line string) string {
	cut := -1
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case ' ':
			if cut < 0 {
				cut = i
			}
		case '\\':
			i++
			if i == len(line) {
				return line
			}
			cut = -1
		default:
			cut = -1
		}
	}
	if cut >= 0 {
		return line[:cut]
	}
	return line
}

// match is the rule's verdict on the entry whose absolute path has the
// components comps.
func (r *rule) match(comps []string, isDir bool) Verdict {
	if r.dirOnly && !isDir {
		return None
	}
	var ok bool
	if r.anchored {
		ok = r.depth < len(comps) && matchSegments(r.segs, comps[r.depth:])
	} else {
		ok = len(comps) > 0 && r.segs[0].match(comps[len(comps)-1])
	}
	switch {
	case !ok:
		return None
	case r.negate:
		return Include
	}
	return Exclude
}

// matchSegments matches a path pattern against path components. A "**"
// segment stands for any number of components, except at the end, where
// it needs at least one ("dir/**" is what is inside dir, not dir).
func matchSegments(segs []segment, comps []string) bool {
	for len(segs) > 0 {
		if segs[0].kind == segAnyDirs {
			if len(segs) == 1 {
				return len(comps) > 0
			}
			for i := range len(comps) + 1 {
				if matchSegments(segs[1:], comps[i:]) {
					return true
				}
			}
			return false
		}
		if len(comps) == 0 || !segs[0].match(comps[0]) {
			return false
		}
		segs, comps = segs[1:], comps[1:]
	}
	return len(comps) == 0
}
