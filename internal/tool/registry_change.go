package tool

import (
	"fmt"
	"maps"
	"slices"
)

// Change is one edit of a registry, made as a single generation so that
// no request sees half of it.
type Change struct {
	// Remove names tools to drop (names or aliases).
	Remove []string
	// Put replaces the tools of the same name where they stand (keeping
	// the order, and a deferred tool deferred) and appends the others
	// after the current tools, in order.
	Put []Tool
	// Defer names tools (among the current ones and Put) to offer by
	// name only: Defs leaves them out until Load.
	Defer []string
}

// Apply makes c one new generation and reports whether anything
// changed. On error nothing changes.
func (r *Registry) Apply(c Change) (bool, error) {
	if r.frozen {
		return false, ErrFrozen
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.set()
	kept := s.without(c.Remove)
	changed := len(kept) != len(s.tools)
	var added []Tool
	for _, t := range c.Put {
		if t == nil {
			return false, ErrNilTool
		}
		changed = true
		if i := slices.IndexFunc(kept, func(k Tool) bool { return k.Name() == t.Name() }); i >= 0 {
			kept[i] = t
			continue
		}
		added = append(added, t)
	}
	deferred := s.keptDeferred(kept)
	for _, n := range c.Defer {
		if t, ok := s.byName[n]; ok {
			n = t.Name()
		}
		deferred[n] = true
	}
	next, err := (&toolSet{gen: s.gen, byName: map[string]Tool{}, deferred: deferred}).with(append(kept, added...)...)
	if err != nil {
		return false, err
	}
	// A mark for a name no tool has is dropped.
	for n := range next.deferred {
		if t, ok := next.byName[n]; !ok || t.Name() != n {
			delete(next.deferred, n)
		}
	}
	next.defs = defsOf(next.tools, next.deferred)
	if !changed && maps.Equal(s.deferred, next.deferred) {
		return false, nil
	}
	r.cur.Store(next)
	return true, nil
}

// Load ends the deferral of the named tools: their definitions join
// Defs from the next generation on, after every definition already
// there (so a request's tool list only grows at its end). It returns the
// names that were deferred and are now loaded, in the order given.
func (r *Registry) Load(names ...string) ([]string, error) {
	if r.frozen {
		return nil, ErrFrozen
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.set()
	var loaded []string
	var moved []Tool
	for _, n := range names {
		t, ok := s.byName[n]
		if !ok || !s.deferred[t.Name()] || slices.Contains(loaded, t.Name()) {
			continue
		}
		loaded = append(loaded, t.Name())
		moved = append(moved, t)
	}
	if len(loaded) == 0 {
		return nil, nil
	}
	// Loaded tools move to the end, so the definitions before them keep
	// their order and bytes.
	kept := s.without(loaded)
	deferred := s.keptDeferred(kept)
	next, err := (&toolSet{gen: s.gen, byName: map[string]Tool{}, deferred: deferred}).with(append(kept, moved...)...)
	if err != nil {
		return nil, fmt.Errorf("tool: loading %q: %w", loaded, err) // cannot happen: s had no duplicates
	}
	r.cur.Store(next)
	return loaded, nil
}

// Deferred returns the tools offered by name only, in registration order.
func (r *Registry) Deferred() []Tool {
	s := r.set()
	var out []Tool
	for _, t := range s.tools {
		if s.deferred[t.Name()] {
			out = append(out, t)
		}
	}
	return out
}

// IsDeferred reports whether the named tool (name or alias) is offered
// by name only.
func (r *Registry) IsDeferred(name string) bool {
	s := r.set()
	t, ok := s.byName[name]
	return ok && s.deferred[t.Name()]
}

// keptDeferred returns the deferral marks of the tools of kept.
func (s *toolSet) keptDeferred(kept []Tool) map[string]bool {
	out := map[string]bool{}
	for n := range s.deferred {
		if slices.ContainsFunc(kept, func(t Tool) bool { return t.Name() == n }) {
			out[n] = true
		}
	}
	return out
}
