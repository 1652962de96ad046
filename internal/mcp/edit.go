package mcp

import (
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
)

// Where is the set of files the three editable scopes live in.
type Where struct {
	ProjectDir string // the project root: .mcp.json and the local scope's key
	ConfigDir  string // corvid's config dir: the user and local scopes
}

// Path is the file that holds scope's servers.
func (w Where) Path(scope Scope) string {
	if scope == ScopeProject {
		return filepath.Join(w.ProjectDir, ProjectFile)
	}
	return StorePath(w.ConfigDir)
}

// ParseScope reads a -s value; "" is local, Claude Code's default.
func ParseScope(s string) (Scope, error) {
	switch Scope(s) {
	case "", ScopeLocal:
		return ScopeLocal, nil
	case ScopeProject, ScopeUser:
		return Scope(s), nil
	}
	return "", fmt.Errorf("%w: scope %q (want local, project or user)", ErrConfig, s)
}

// entries reads the raw entries of one scope.
func (w Where) entries(scope Scope) (map[string]json.RawMessage, *Store, error) {
	if scope == ScopeProject {
		m, err := ReadProjectFile(w.Path(scope))
		return m, nil, err
	}
	st, err := ReadStore(w.Path(scope))
	if err != nil {
		return nil, nil, err
	}
	if scope == ScopeUser {
		return st.MCPServers, st, nil
	}
	return st.Local(w.ProjectDir, false), st, nil
}

// save writes one scope's entries back.
func (w Where) save(scope Scope, m map[string]json.RawMessage, st *Store) error {
	switch scope {
	case ScopeProject:
		return WriteProjectFile(w.Path(scope), m)
	case ScopeUser:
		st.MCPServers = m
	default:
		st.Local(w.ProjectDir, true)
		st.Projects[w.ProjectDir].MCPServers = m
	}
	return WriteStore(w.Path(scope), st)
}

// Add writes a server to a scope and returns the file it changed. A name
// the scope already has is an error.
func (w Where) Add(scope Scope, name string, c ServerConfig) (string, error) {
	if err := ValidName(name); err != nil {
		return "", err
	}
	if err := c.Validate(); err != nil {
		return "", err
	}
	m, st, err := w.entries(scope)
	if err != nil {
		return "", err
	}
	if _, dup := m[name]; dup {
		return "", fmt.Errorf("%w: MCP server %s already exists in %s config", ErrConfig, name, scope)
	}
	raw, err := json.Marshal(c)
	if err != nil {
		return "", err
	}
	if m == nil {
		m = map[string]json.RawMessage{}
	}
	m[name] = raw
	return w.Path(scope), w.save(scope, m, st)
}

// Remove deletes a server from scope; scope "" finds the one scope that
// has it (several is an error naming them).
func (w Where) Remove(scope Scope, name string) (Scope, string, error) {
	if scope == "" {
		found := w.Scopes(name)
		switch len(found) {
		case 0:
			return "", "", fmt.Errorf("%w: %s", ErrUnknownServer, name)
		case 1:
			scope = found[0]
		default:
			return "", "", fmt.Errorf("%w: MCP server %q exists in several scopes (%v): name one with -s", ErrConfig, name, found)
		}
	}
	m, st, err := w.entries(scope)
	if err != nil {
		return "", "", err
	}
	if _, ok := m[name]; !ok {
		return "", "", fmt.Errorf("%w: no MCP server named %q in %s config", ErrUnknownServer, name, scope)
	}
	m = maps.Clone(m)
	delete(m, name)
	return scope, w.Path(scope), w.save(scope, m, st)
}

// Scopes lists the scopes that define name, highest precedence first.
func (w Where) Scopes(name string) []Scope {
	var out []Scope
	for _, s := range []Scope{ScopeLocal, ScopeProject, ScopeUser} {
		if m, _, err := w.entries(s); err == nil {
			if _, ok := m[name]; ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// Describe says where a scope's servers are kept, as Claude Code words it.
func Describe(s Scope) string {
	switch s {
	case ScopeLocal:
		return "Local config (private to you in this project)"
	case ScopeProject:
		return "Project config (shared via .mcp.json)"
	case ScopeUser:
		return "User config (available in all your projects)"
	}
	return "Dynamic config (--mcp-config)"
}
