package grep

import (
	_ "embed"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"corvid/internal/walk"
)

// typeList is `rg --type-list` of ripgrep 13: the file types the type
// parameter accepts, with the same globs in both engines.
//
//go:embed types.txt
var typeList string

// parseTypes reads typeList into type name → globs.
func parseTypes() map[string][]string {
	types := map[string][]string{}
	for _, ln := range strings.Split(typeList, "\n") {
		name, globs, ok := strings.Cut(ln, ": ")
		if ok {
			types[name] = strings.Split(globs, ", ")
		}
	}
	return types
}

// typeFilter keeps files whose name matches one of globs (rg --type):
// Include for those, Exclude for other files, no opinion on directories.
func typeFilter(globs []string) func(name string, isDir bool) walk.Verdict {
	if len(globs) == 0 {
		return nil
	}
	return func(name string, isDir bool) walk.Verdict {
		if isDir {
			return walk.None
		}
		for _, g := range globs {
			if doublestar.MatchUnvalidated(g, name) {
				return walk.Include
			}
		}
		return walk.Exclude
	}
}

// override is one glob of the glob parameter, with rg --glob semantics:
// gitignore-style, "!" excludes, no slash matches the name at any depth,
// a slash anchors it to the search directory, a trailing slash matches
// directories only.
type override struct {
	pattern          string
	exclude, dirOnly bool
	nameOnly         bool
}

// overrides turns globs into the walk's override: the last matching glob
// wins; when some glob includes, files matching none are left out.
func overrides(globs []string) func(rel, name string, isDir bool) walk.Verdict {
	if len(globs) == 0 {
		return nil
	}
	var list []override
	includes := 0
	for _, g := range globs {
		var o override
		g, o.exclude = strings.CutPrefix(g, "!")
		g, o.dirOnly = strings.CutSuffix(g, "/")
		o.nameOnly = !strings.Contains(g, "/")
		o.pattern = strings.TrimPrefix(g, "/")
		if !o.exclude {
			includes++
		}
		list = append(list, o)
	}
	return func(rel, name string, isDir bool) walk.Verdict {
		for i := len(list) - 1; i >= 0; i-- {
			if v := list[i].match(rel, name, isDir); v != walk.None {
				return v
			}
		}
		if includes > 0 && !isDir {
			return walk.Exclude
		}
		return walk.None
	}
}

func (o override) match(rel, name string, isDir bool) walk.Verdict {
	subject := rel
	if o.nameOnly {
		subject = name
	}
	if (o.dirOnly && !isDir) || !doublestar.MatchUnvalidated(o.pattern, subject) {
		return walk.None
	}
	if o.exclude {
		return walk.Exclude
	}
	return walk.Include
}
