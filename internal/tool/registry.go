package tool

import (
	"fmt"
	"maps"
	"slices"
	"sync"
	"sync/atomic"

	"corvid/internal/provider"
)

// Registry holds the tools of one conversation, in the order they are
// offered to the model, and finds them by name or alias. Tools may be
// added and removed while the conversation runs (an MCP server that
// connects late or whose tool list changes); each change makes a new
// generation. The engine takes a Snapshot for each request, so one
// request sees one fixed set, and the tool definitions sent to the API
// stay byte-identical while nothing changes. A Registry is safe for
// concurrent use; a snapshot never changes.
type Registry struct {
	mu     sync.Mutex // serialises changes
	cur    atomic.Pointer[toolSet]
	frozen bool // a snapshot: Add and Remove fail
}

// toolSet is one generation of a registry; it is never modified.
type toolSet struct {
	gen    uint64
	tools  []Tool
	byName map[string]Tool
	defs   []provider.ToolDef
	// names are the tools' primary names, read once per generation: a
	// turn asks for them without running every tool's code.
	names []string
	// deferred names the tools offered by name only (deferred loading):
	// they can be found and called, but their definitions stay out of
	// Defs until Load.
	deferred map[string]bool
}

// NewRegistry returns a registry of tools. Duplicate names or aliases are
// an error: which tool the model gets must never depend on order.
func NewRegistry(tools ...Tool) (*Registry, error) {
	s, err := (&toolSet{byName: map[string]Tool{}}).with(tools...)
	if err != nil {
		return nil, err
	}
	r := &Registry{}
	r.cur.Store(s)
	return r, nil
}

// with returns a new set holding s's tools and then tools.
func (s *toolSet) with(tools ...Tool) (*toolSet, error) {
	out := &toolSet{gen: s.gen + 1, tools: slices.Clone(s.tools), byName: make(map[string]Tool, len(s.byName)),
		deferred: maps.Clone(s.deferred)}
	for n, t := range s.byName {
		out.byName[n] = t
	}
	for _, t := range tools {
		if err := out.add(t); err != nil {
			return nil, err
		}
	}
	out.defs = defsOf(out.tools, out.deferred)
	for _, t := range out.tools {
		out.names = append(out.names, t.Name())
	}
	return out, nil
}

func (s *toolSet) add(t Tool) error {
	if t == nil {
		return ErrNilTool
	}
	names := append([]string{t.Name()}, t.Aliases()...)
	for i, n := range names {
		if n == "" {
			return ErrEmptyName
		}
		if _, dup := s.byName[n]; dup || slices.Contains(names[:i], n) {
			return fmt.Errorf("%w %q", ErrDuplicateName, n)
		}
	}
	for _, n := range names {
		s.byName[n] = t
	}
	s.tools = append(s.tools, t)
	return nil
}

func (r *Registry) set() *toolSet {
	if r == nil {
		return &toolSet{}
	}
	if s := r.cur.Load(); s != nil {
		return s
	}
	return &toolSet{}
}

// Add appends tools after the current ones, as one new generation. On
// error nothing changes.
func (r *Registry) Add(tools ...Tool) error {
	if r.frozen {
		return ErrFrozen
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	s, err := r.set().with(tools...)
	if err != nil {
		return err
	}
	r.cur.Store(s)
	return nil
}

// Remove drops the named tools (names or aliases), as one new
// generation; the others keep their order. It reports how many tools
// went; removing none leaves the generation as it was.
func (r *Registry) Remove(names ...string) (int, error) {
	if r.frozen {
		return 0, ErrFrozen
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.set()
	kept := s.without(names)
	if len(kept) == len(s.tools) {
		return 0, nil
	}
	next, err := (&toolSet{gen: s.gen, byName: map[string]Tool{}, deferred: s.keptDeferred(kept)}).with(kept...)
	if err != nil {
		return 0, err // cannot happen: s had no duplicates
	}
	r.cur.Store(next)
	return len(s.tools) - len(kept), nil
}

// Generation counts the changes: it grows with every Add or Remove that
// changed the set.
func (r *Registry) Generation() uint64 { return r.set().gen }

// Snapshot returns the current set as a registry that never changes.
func (r *Registry) Snapshot() *Registry {
	out := &Registry{frozen: true}
	out.cur.Store(r.set())
	return out
}

// Lookup finds a tool by name or alias.
func (r *Registry) Lookup(name string) (Tool, bool) {
	t, ok := r.set().byName[name]
	return t, ok
}

// Tools returns the tools in registration order.
func (r *Registry) Tools() []Tool {
	if r == nil {
		return nil
	}
	return slices.Clone(r.set().tools)
}

// Names returns the primary names in registration order.
func (r *Registry) Names() []string { return slices.Clone(r.set().names) }

// Without returns a registry without the named tools (names or aliases).
func (r *Registry) Without(names ...string) *Registry {
	s := r.set()
	kept := s.without(names)
	next, _ := (&toolSet{byName: map[string]Tool{}, deferred: s.keptDeferred(kept)}).with(kept...) // cannot collide: r had no duplicates
	out := &Registry{}
	out.cur.Store(next)
	return out
}

// without returns the tools none of whose names is in names.
func (s *toolSet) without(names []string) []Tool {
	var out []Tool
	for _, t := range s.tools {
		drop := slices.Contains(names, t.Name())
		for _, a := range t.Aliases() {
			drop = drop || slices.Contains(names, a)
		}
		if !drop {
			out = append(out, t)
		}
	}
	return out
}

// Defs returns the tool definitions sent to the model. They are built
// once per generation, so an unchanged registry gives the same values.
func (r *Registry) Defs() []provider.ToolDef {
	if r == nil {
		return nil
	}
	return slices.Clone(r.set().defs)
}

func defsOf(tools []Tool, deferred map[string]bool) []provider.ToolDef {
	var out []provider.ToolDef
	for _, t := range tools {
		if deferred[t.Name()] {
			continue
		}
		out = append(out, provider.ToolDef{Name: t.Name(), Description: t.Description(),
			InputSchema: t.InputSchema()})
	}
	return out
}
