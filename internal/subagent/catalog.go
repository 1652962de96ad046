package subagent

import (
	"fmt"
	"slices"
	"strings"
)

// Catalog is the agent types a conversation knows, in the order the
// model sees them. Later additions replace earlier ones of the same name.
type Catalog struct {
	defs []Definition
}

// NewCatalog returns a catalog of the built-ins.
func NewCatalog() *Catalog { return &Catalog{defs: Builtins()} }

// Add adds d, replacing a definition of the same name.
func (c *Catalog) Add(d Definition) {
	if i := slices.IndexFunc(c.defs, func(x Definition) bool { return x.Name == d.Name }); i >= 0 {
		c.defs[i] = d
		return
	}
	c.defs = append(c.defs, d)
}

// All returns the definitions.
func (c *Catalog) All() []Definition { return slices.Clone(c.defs) }

// Names returns the names.
func (c *Catalog) Names() []string {
	out := make([]string, len(c.defs))
	for i, d := range c.defs {
		out[i] = d.Name
	}
	return out
}

// Lookup finds a definition; "" is general-purpose. The error lists the
// known types.
func (c *Catalog) Lookup(name string) (Definition, error) {
	if name == "" {
		name = GeneralPurpose
	}
	for _, d := range c.defs {
		if d.Name == name {
			return d, nil
		}
	}
	// "explore" for Explore: a unique match ignoring case.
	var found []Definition
	for _, d := range c.defs {
		if strings.EqualFold(d.Name, name) {
			found = append(found, d)
		}
	}
	if len(found) == 1 {
		return found[0], nil
	}
	return Definition{}, fmt.Errorf("%w %q: available agents are %s", ErrUnknownType, name, strings.Join(c.Names(), ", "))
}

// CheckTools reports definitions naming tools that do not exist (known
// are the tool names a sub-agent may have). Such a tool is simply never
// given; the error names the file and the tool.
func (c *Catalog) CheckTools(known []string) []error {
	var errs []error
	for _, d := range c.defs {
		for _, t := range append(slices.Clone(d.Tools), d.DisallowedTools...) {
			if !slices.Contains(known, toolName(t)) {
				errs = append(errs, &DefinitionError{Source: d.Source,
					Msg: fmt.Sprintf("agent %s: unknown tool %q (known: %s)", d.Name, t, strings.Join(known, ", "))})
			}
		}
	}
	return errs
}

// toolName is the tool of a tools entry; "Bash(git *)" names Bash.
func toolName(entry string) string {
	name, _, _ := strings.Cut(entry, "(")
	return strings.TrimSpace(name)
}

// SelectTools returns the tools d gets out of available (the tools a
// sub-agent may have, in order): its listed tools, or all of them, minus
// the disallowed ones.
func SelectTools(d Definition, available []string) []string {
	var out []string
	for _, name := range available {
		listed := d.Tools == nil || slices.ContainsFunc(d.Tools, func(t string) bool { return toolName(t) == name })
		banned := slices.ContainsFunc(d.DisallowedTools, func(t string) bool { return toolName(t) == name })
		if listed && !banned {
			out = append(out, name)
		}
	}
	return out
}
