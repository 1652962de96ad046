package mcptool

import (
	"encoding/json"
	"slices"
	"sync"

	mcpc "corvid/internal/mcp"
	"corvid/internal/tool"
)

// Source lists and calls the connected servers' tools; *mcp.Manager is one.
type Source interface {
	Caller
	Tools() []mcpc.ServerTool
}

// Deferral decides when MCP tools are offered by name only, behind a
// search tool (deferred loading).
type Deferral struct {
	// Exceeds reports whether these tools' definitions are too large to
	// send whole. Nil: never defer.
	Exceeds func(tools []tool.Tool) bool
	// Search is the tool that loads deferred tools (ToolSearch); it joins
	// the registry when deferral starts.
	Search tool.Tool
}

// Sync keeps the MCP tools of a registry equal to what the servers list
// now: a server that connected late adds its tools, one whose list
// changed has them removed, replaced (where they stand) or added (after
// the others). Each Update is one registry generation, so the engine's
// next request sees all of it and the tool definitions before the first
// change keep their bytes. Once the MCP tools exceed the deferral
// threshold, they (and every MCP tool added later) are deferred, for good.
type Sync struct {
	reg    *tool.Registry
	opts   Options
	hidden func(name string) bool
	def    Deferral

	mu        sync.Mutex
	src       Source
	started   bool
	deferring bool
}

// NewSync returns a syncer of reg's MCP tools. hidden (may be nil) names
// tools deny rules keep from the model. Nothing happens until Start.
func NewSync(reg *tool.Registry, o Options, hidden func(string) bool, d Deferral) *Sync {
	if hidden == nil {
		hidden = func(string) bool { return false }
	}
	return &Sync{reg: reg, opts: o, hidden: hidden, def: d}
}

// Start makes the first update from src, after which Changed updates:
// until then the servers that connect are picked up by Start itself, so
// the first request lists every server's tools in configuration order.
func (s *Sync) Start(src Source) error {
	s.mu.Lock()
	s.src, s.started = src, true
	s.mu.Unlock()
	return s.Update()
}

// Changed is mcp.Options.Changed: it updates once Start has run.
func (s *Sync) Changed(string) {
	s.mu.Lock()
	started := s.started
	s.mu.Unlock()
	if started {
		_ = s.Update() // a colliding name keeps the registry as it was
	}
}

// Update makes the registry's MCP tools the servers' current ones.
func (s *Sync) Update() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.started {
		return nil
	}
	var want []tool.Tool
	for _, t := range adapt(s.src, s.opts) {
		if !s.hidden(t.Name()) {
			want = append(want, t)
		}
	}
	have := map[string]*Tool{}
	for _, t := range s.reg.Tools() {
		if m, ok := t.(*Tool); ok {
			have[t.Name()] = m
		}
	}
	var c tool.Change
	for name := range have {
		if !slices.ContainsFunc(want, func(t tool.Tool) bool { return t.Name() == name }) {
			c.Remove = append(c.Remove, name)
		}
	}
	slices.Sort(c.Remove)
	for _, t := range want {
		old, ok := have[t.Name()]
		switch {
		case !ok:
			c.Put = append(c.Put, t)
			if s.deferring {
				c.Defer = append(c.Defer, t.Name())
			}
		case !sameDef(old, t.(*Tool)):
			c.Put = append(c.Put, t)
		}
	}
	// A deny rule that hides the search tool turns deferral off: the
	// model could not load what is deferred.
	if !s.deferring && s.def.Exceeds != nil && s.def.Search != nil && !s.hidden(s.def.Search.Name()) && s.def.Exceeds(want) {
		s.deferring = true
		for _, t := range want {
			c.Defer = append(c.Defer, t.Name())
		}
		if _, ok := s.reg.Lookup(s.def.Search.Name()); !ok {
			c.Put = append(c.Put, s.def.Search)
		}
	}
	_, err := s.reg.Apply(c)
	return err
}

// Deferring reports whether MCP tools are being deferred.
func (s *Sync) Deferring() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.deferring
}

// adapt adapts every listed tool; of two whose names clean to the same
// mcp__ name, the first is kept.
func adapt(src Source, o Options) []tool.Tool {
	var out []tool.Tool
	seen := map[string]bool{}
	for _, st := range src.Tools() {
		t := New(src, st, o)
		if !seen[t.Name()] {
			seen[t.Name()] = true
			out = append(out, t)
		}
	}
	return out
}

// sameDef reports whether two adapters describe the same server tool.
func sameDef(a, b *Tool) bool {
	ja, _ := json.Marshal(a.def)
	jb, _ := json.Marshal(b.def)
	return a.server == b.server && string(ja) == string(jb)
}
