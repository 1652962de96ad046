package permission

import (
	"errors"
	"fmt"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/bmatcuk/doublestar/v4"
)

// pathPattern is a gitignore-style path pattern made absolute: a glob
// (doublestar syntax: `*` within a segment, `**` across) relative to a
// base directory. A pattern that matches a directory matches everything
// below it too, as an ignored directory hides its contents.
type pathPattern struct {
	// bases are the forms of the base directory (as written and with
	// links resolved).
	bases []string
	// glob is relative to the base; "" matches the base itself.
	glob string
	// name is set for "**/name" without wildcard in name: any segment
	// equal to name matches (a fast path for ".env", "build/**").
	name string
	// seg is set for "**/seg" where seg is one segment with wildcards
	// ("*.pem"): any segment matching seg matches.
	seg string
	// suffix is set when seg is a star and a literal without any
	// character the glob syntax gives a meaning ("*.pem"): a segment
	// matches when it ends with suffix.
	suffix string
}

// ruleEnv is what relative rules are anchored to.
type ruleEnv struct {
	cwd, home string
	tools     catalog
}

// compilePath compiles a path specifier. Anchors: "//x" is the
// filesystem root, "~/x" home, "/x" the rule's source directory, "./x"
// and "x" the launch directory. A bare name without slash ("*.pem",
// ".env") and a single-segment directory ("build/**") match at any
// depth; for allow rules only below the launch directory, for deny and
// ask rules anywhere.
func compilePath(spec string, allow bool, src RuleSource, env ruleEnv) (*pathPattern, error) {
	base, rest, bare, err := anchor(spec, src, env)
	if err != nil {
		return nil, err
	}
	rest = strings.TrimRight(rest, "/")
	if bare && isAnyDepth(rest) {
		name := strings.TrimSuffix(rest, "/**")
		switch {
		case !allow:
			return newPathPattern("/", "", "**/"+name)
		case name != rest: // "src/**" allows <cwd>/src only
			return splitStatic(base, name)
		default:
			return newPathPattern(base, "", "**/"+name)
		}
	}
	return splitStatic(base, rest)
}

// anchor splits a specifier into its base directory and the rest.
func anchor(spec string, src RuleSource, env ruleEnv) (base, rest string, bare bool, err error) {
	switch {
	case spec == "" || strings.ContainsRune(spec, 0):
		return "", "", false, errors.New("empty or invalid path")
	case strings.HasPrefix(spec, "//"):
		return "/", spec[2:], false, nil
	case spec == "~" || strings.HasPrefix(spec, "~/"):
		if env.home == "" {
			return "", "", false, errors.New("~/ anchor but no home directory")
		}
		return env.home, strings.TrimPrefix(strings.TrimPrefix(spec, "~"), "/"), false, nil
	case strings.HasPrefix(spec, "~"):
		return "", "", false, fmt.Errorf("unknown anchor %q (only ~/ is supported)", strings.SplitN(spec, "/", 2)[0])
	case strings.HasPrefix(spec, "$"):
		return "", "", false, errors.New("variables are not expanded in path rules")
	case strings.HasPrefix(spec, "/"):
		dir := src.Dir
		if dir == "" {
			dir = env.cwd
		}
		return dir, spec[1:], false, nil
	case spec == "." || spec == ".." || strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../"):
		return env.cwd, spec, false, nil
	}
	return env.cwd, spec, true, nil
}

// isAnyDepth reports whether a bare pattern is a name without slash or
// a single-segment directory ("src/**").
func isAnyDepth(rest string) bool {
	seg, tail, found := strings.Cut(rest, "/")
	return seg != "" && seg != "**" && (!found || tail == "**")
}

// splitStatic moves the leading segments without wildcards into the
// base, so that "../shared/**" becomes base <cwd>/../shared, glob "**".
// Only the anchor is resolved (a link in the pattern itself stays a
// link: Read(./link/**) does not match the link's target).
func splitStatic(anchor, rest string) (*pathPattern, error) {
	segs := strings.Split(rest, "/")
	i := 0
	static := []string{}
	for ; i < len(segs) && !hasMeta(segs[i]); i++ {
		static = append(static, unescapeGlob(segs[i]))
	}
	for _, s := range segs[i:] {
		if s == ".." {
			return nil, errors.New(`".." after a wildcard`)
		}
	}
	return newPathPattern(anchor, strings.Join(static, "/"), strings.Join(segs[i:], "/"))
}

// newPathPattern makes a pattern below anchor/static.
func newPathPattern(anchor, static, glob string) (*pathPattern, error) {
	if anchor == "" || !path.IsAbs(anchor) {
		return nil, fmt.Errorf("no absolute base directory for this rule (base %q)", anchor)
	}
	if glob != "" && !doublestar.ValidatePattern(glob) {
		return nil, fmt.Errorf("invalid glob %q", glob)
	}
	pp := &pathPattern{glob: glob}
	if n, ok := strings.CutPrefix(glob, "**/"); ok && !hasMeta(n) && !strings.Contains(n, "/") {
		pp.name = unescapeGlob(n)
	} else if ok && !strings.Contains(n, "/") && !strings.Contains(n, "**") {
		pp.seg = n
		if lit, star := strings.CutPrefix(n, "*"); star && lit != "" && !strings.ContainsAny(lit, globSyntax) {
			pp.suffix = lit
		}
	}
	for _, f := range dirForms(anchor) {
		pp.bases = append(pp.bases, path.Clean(f+"/"+static))
	}
	return pp, nil
}

// globSyntax are the characters a glob may give a meaning.
const globSyntax = `*?[]{},!^\`

// hasMeta reports whether a segment holds an unescaped wildcard.
func hasMeta(seg string) bool {
	for i := 0; i < len(seg); i++ {
		switch seg[i] {
		case '\\':
			i++
		case '*', '?', '[', '{':
			return true
		}
	}
	return false
}

// match reports whether the pattern matches the absolute, cleaned path
// p or one of its ancestors below the base.
func (pp *pathPattern) match(p string) bool {
	for _, base := range pp.bases {
		rel, ok := relTo(base, p)
		switch {
		case !ok:
			continue
		case pp.glob == "" || pp.glob == "**":
			return true
		case pp.name != "":
			if hasSegment(rel, pp.name) {
				return true
			}
			continue
		case pp.suffix != "" && rel != "":
			if segmentHasSuffix(rel, pp.suffix) {
				return true
			}
			continue
		case pp.seg != "" && rel != "": // the base itself is the case below
			if segmentMatches(rel, pp.seg) {
				return true
			}
			continue
		case rel == "":
			if strings.Trim(pp.glob, "*/") == "" {
				return true
			}
			continue
		}
		for x := rel; x != "." && x != ""; x = path.Dir(x) {
			if doublestar.MatchUnvalidated(pp.glob, x) {
				return true
			}
		}
	}
	return false
}

// unescapeGlob removes the backslashes that quote glob characters.
func unescapeGlob(seg string) string {
	if !strings.Contains(seg, `\`) {
		return seg
	}
	var b strings.Builder
	for i := 0; i < len(seg); i++ {
		if seg[i] == '\\' && i+1 < len(seg) {
			i++
		}
		b.WriteByte(seg[i])
	}
	return b.String()
}

// segmentMatches reports whether one of rel's segments matches the
// one-segment glob seg: "**/seg" matches rel or one of its ancestors
// exactly when a segment of rel matches seg.
func segmentMatches(rel, seg string) bool {
	for rel != "" {
		s, rest, _ := strings.Cut(rel, "/")
		if doublestar.MatchUnvalidated(seg, s) {
			return true
		}
		rel = rest
	}
	return false
}

// segmentHasSuffix reports whether one of rel's segments ends with
// suffix: "*suffix" matches a segment exactly then (a star matches any
// text within a segment, a leading dot included). A segment that is not
// valid UTF-8 goes to the glob matcher, which reads runes.
func segmentHasSuffix(rel, suffix string) bool {
	for rel != "" {
		s, rest, _ := strings.Cut(rel, "/")
		if !utf8.ValidString(s) {
			if doublestar.MatchUnvalidated("*"+suffix, s) {
				return true
			}
		} else if strings.HasSuffix(s, suffix) {
			return true
		}
		rel = rest
	}
	return false
}

// hasSegment reports whether one of rel's segments is name.
func hasSegment(rel, name string) bool {
	for rel != "" {
		seg, rest, _ := strings.Cut(rel, "/")
		if seg == name {
			return true
		}
		rel = rest
	}
	return false
}
