package tool

// Rebinder is implemented by tools that act on the registry offering them
// (ToolSearch loads deferred tools into it): a registry derived from
// another, a sub-agent's, gets a copy bound to itself.
type Rebinder interface {
	Rebind(r *Registry) Tool
}

// Derive returns a new registry of tools taken from parent (a sub-agent's
// subset). Rebinders are bound to the new registry; parent's deferral
// marks are kept when one of them is among the tools (something can load
// the deferred tools), and dropped otherwise, so that no tool ends up out
// of reach.
func Derive(parent *Registry, tools ...Tool) (*Registry, error) {
	r, err := NewRegistry(tools...)
	if err != nil {
		return nil, err
	}
	var c Change
	for _, t := range tools {
		if b, ok := t.(Rebinder); ok {
			c.Put = append(c.Put, b.Rebind(r))
		}
	}
	if len(c.Put) > 0 {
		for _, t := range tools {
			if parent.IsDeferred(t.Name()) {
				c.Defer = append(c.Defer, t.Name())
			}
		}
		if _, err := r.Apply(c); err != nil {
			return nil, err
		}
	}
	return r, nil
}
