package permission

import (
	"encoding/json"
	"slices"
	"strings"

	"corvid/internal/tool"
)

// catalog is what the engine knows about tools: each tool's
// self-description (the optional interfaces of package tool), found by
// its name, its aliases or the names rules may use for it. A tool the
// catalog does not hold, and that does not describe itself, is
// tool.KindOther: the mode decides, "ask" by default.
type catalog struct {
	byName map[string]tool.Tool
}

func newCatalog(tools []tool.Tool) catalog {
	c := catalog{byName: map[string]tool.Tool{}}
	add := func(t tool.Tool, names []string) {
		for _, n := range names {
			if _, dup := c.byName[n]; !dup && n != "" {
				c.byName[n] = t
			}
		}
	}
	// Names and aliases first: a rule alias never takes the name of a
	// tool that exists (KillShell's TaskStop, once TaskStop is a tool).
	for _, t := range tools {
		if t != nil {
			add(t, append([]string{t.Name()}, t.Aliases()...))
		}
	}
	for _, t := range tools {
		if ra, ok := t.(tool.RuleAliased); ok && t != nil {
			add(t, ra.RuleAliases())
		}
	}
	return c
}

// empty reports whether the catalog describes no tool at all.
func (c catalog) empty() bool { return len(c.byName) == 0 }

// canonical maps a name, alias or rule alias to the tool's name.
func (c catalog) canonical(name string) string {
	if t, ok := c.byName[name]; ok {
		return t.Name()
	}
	return name
}

// lookup returns the tool a (canonical) name describes, or nil.
func (c catalog) lookup(name string) tool.Tool { return c.byName[name] }

// describe returns the description of a call's tool: the tool itself
// when it describes itself, else the catalog's tool of that name.
func (c catalog) describe(t tool.Tool, name string) tool.Tool {
	if _, ok := t.(tool.Kinded); ok {
		return t
	}
	return c.lookup(name)
}

// miscased returns the known tool name that name spells in the wrong
// case, or "".
func (c catalog) miscased(name string) string {
	var hits []string
	for k := range c.byName {
		if name != k && strings.EqualFold(name, k) {
			hits = append(hits, k)
		}
	}
	slices.Sort(hits)
	if len(hits) == 0 {
		return ""
	}
	return hits[0]
}

// kindOf is the kind of a described tool (nil: KindOther).
func kindOf(t tool.Tool) tool.Kind {
	if t == nil {
		return tool.KindOther
	}
	return tool.KindOf(t)
}

// familyOf returns the rule family of a file tool; a tool outside any
// family is its own.
func familyOf(t tool.Tool) (tool.Family, bool) {
	if f, ok := t.(tool.RuleFamilied); ok {
		return f.RuleFamily(), true
	}
	return tool.Family{}, false
}

// paramsOf returns the parameters rules may name for t; listed is false
// when t does not say (any name is accepted).
func paramsOf(t tool.Tool) (params []string, listed bool) {
	if p, ok := t.(tool.RuleParametered); ok {
		return p.RuleParams(), true
	}
	return nil, false
}

// subjectsOf returns what t's rules match in input, primary first; it is
// never empty.
func subjectsOf(t tool.Tool, input json.RawMessage) []string {
	if s, ok := t.(tool.Subjected); ok {
		if subj := s.RuleSubjects(input); len(subj) > 0 {
			return subj
		}
	}
	return []string{""}
}

// primaryFields are never matched by parameter rules: they are what
// the rule's own specifier speaks about (rule grammar, for every tool).
var primaryFields = []string{"command", "file_path", "path", "url", "notebook_path"}
