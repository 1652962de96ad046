package tool

import (
	"fmt"
	"slices"

	"corvid/internal/provider"
)

// Registry holds the tools of one conversation, in the order they are
// offered to the model, and finds them by name or alias.
type Registry struct {
	tools  []Tool
	byName map[string]Tool
}

// NewRegistry returns a registry of tools. Duplicate names or aliases are
// an error: which tool the model gets must never depend on order.
func NewRegistry(tools ...Tool) (*Registry, error) {
	r := &Registry{byName: map[string]Tool{}}
	for _, t := range tools {
		if err := r.add(t); err != nil {
			return nil, err
		}
	}
	return r, nil
}

func (r *Registry) add(t Tool) error {
	if t == nil {
		return fmt.Errorf("tool: nil tool")
	}
	names := append([]string{t.Name()}, t.Aliases()...)
	for i, n := range names {
		if n == "" {
			return fmt.Errorf("tool: empty name")
		}
		if _, dup := r.byName[n]; dup || slices.Contains(names[:i], n) {
			return fmt.Errorf("tool: duplicate tool name %q", n)
		}
	}
	for _, n := range names {
		r.byName[n] = t
	}
	r.tools = append(r.tools, t)
	return nil
}

// Lookup finds a tool by name or alias.
func (r *Registry) Lookup(name string) (Tool, bool) {
	if r == nil {
		return nil, false
	}
	t, ok := r.byName[name]
	return t, ok
}

// Tools returns the tools in registration order.
func (r *Registry) Tools() []Tool {
	if r == nil {
		return nil
	}
	return slices.Clone(r.tools)
}

// Names returns the primary names in registration order.
func (r *Registry) Names() []string {
	var out []string
	for _, t := range r.Tools() {
		out = append(out, t.Name())
	}
	return out
}

// Without returns a registry without the named tools (names or aliases).
func (r *Registry) Without(names ...string) *Registry {
	out := &Registry{byName: map[string]Tool{}}
	for _, t := range r.Tools() {
		drop := slices.Contains(names, t.Name())
		for _, a := range t.Aliases() {
			drop = drop || slices.Contains(names, a)
		}
		if !drop {
			_ = out.add(t) // cannot collide: r had no duplicates
		}
	}
	return out
}

// Defs returns the tool definitions sent to the model.
func (r *Registry) Defs() []provider.ToolDef {
	var out []provider.ToolDef
	for _, t := range r.Tools() {
		out = append(out, provider.ToolDef{Name: t.Name(), Description: t.Description(),
			InputSchema: t.InputSchema()})
	}
	return out
}
