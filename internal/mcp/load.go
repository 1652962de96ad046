package mcp

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// ProjectFile is the repository's server file, at the project root.
const ProjectFile = ".mcp.json"

// Approval is the settings that approve .mcp.json servers.
type Approval struct {
	EnableAll bool     // enableAllProjectMcpServers
	Enabled   []string // enabledMcpjsonServers
	Disabled  []string // disabledMcpjsonServers
}

// LoadOptions says where to find the servers of a session.
type LoadOptions struct {
	ProjectDir string   // where .mcp.json is and the local scope's key
	ConfigDir  string   // corvid's config dir ("" skips user and local)
	Flags      []string // --mcp-config values: JSON when they start with '{', else files
	Strict     bool     // --strict-mcp-config: only Flags
	Trusted    bool     // the project directory is trusted
	Approval   Approval
}

// Loaded is the configuration of a session.
type Loaded struct {
	// Servers are the servers to start, by name.
	Servers []Server
	// Held are configured servers that must not start, with the reason
	// in Held[i].Source's place: see Reasons.
	Held    []Server
	Reasons map[string]string
	// Problems are entries or files that could not be used.
	Problems []error
}

// Load gathers the servers from every scope. Precedence by name: dynamic
// (--mcp-config) > local > project > user; the winner's entry is used
// whole. A --mcp-config value that cannot be read is an error.
func Load(o LoadOptions) (*Loaded, error) {
	l := &Loaded{Reasons: map[string]string{}}
	byName := map[string]Server{}
	add := func(scope Scope, source string, raw map[string]json.RawMessage) {
		cfgs, problems, _ := parseEntries(raw)
		for _, p := range problems {
			l.Problems = append(l.Problems, fmt.Errorf("%s: %w", source, p))
		}
		for name, c := range cfgs {
			byName[name] = Server{Name: name, Scope: scope, Source: source, Config: c}
		}
	}
	if !o.Strict {
		l.loadScopes(o, add)
	}
	for _, f := range o.Flags {
		raw, source, err := readFlag(f, o.ProjectDir)
		if err != nil {
			return nil, err
		}
		add(ScopeDynamic, source, raw)
	}
	for _, name := range slices.Sorted(maps.Keys(byName)) {
		s := byName[name]
		if why := held(s, o); why != "" {
			l.Held, l.Reasons[name] = append(l.Held, s), why
			continue
		}
		l.Servers = append(l.Servers, s)
	}
	return l, nil
}

// loadScopes adds the user, project and local scopes, lowest first.
func (l *Loaded) loadScopes(o LoadOptions, add func(Scope, string, map[string]json.RawMessage)) {
	var store *Store
	if o.ConfigDir != "" {
		var err error
		if store, err = ReadStore(StorePath(o.ConfigDir)); err != nil {
			l.Problems = append(l.Problems, err)
		} else {
			add(ScopeUser, StorePath(o.ConfigDir), store.MCPServers)
		}
	}
	path := filepath.Join(o.ProjectDir, ProjectFile)
	if raw, err := ReadProjectFile(path); err != nil {
		l.Problems = append(l.Problems, err)
	} else {
		add(ScopeProject, path, raw)
	}
	if store != nil {
		add(ScopeLocal, StorePath(o.ConfigDir), store.Local(o.ProjectDir, false))
	}
}

// held says why a server must not start ("" when it may): project
// servers wait for trust and may be disabled by settings.
func held(s Server, o LoadOptions) string {
	if s.Scope != ScopeProject {
		return ""
	}
	switch {
	case !o.Trusted:
		return "the project is not trusted: run `corvid trust` to start its .mcp.json servers"
	case slices.Contains(o.Approval.Disabled, s.Name):
		return "disabled by disabledMcpjsonServers"
	case !o.Approval.EnableAll && len(o.Approval.Enabled) > 0 && !slices.Contains(o.Approval.Enabled, s.Name):
		return "not listed in enabledMcpjsonServers"
	}
	return ""
}

// readFlag reads one --mcp-config value: inline JSON or a file.
func readFlag(v, dir string) (map[string]json.RawMessage, string, error) {
	data, source := []byte(v), "--mcp-config"
	if !strings.HasPrefix(strings.TrimSpace(v), "{") {
		path := v
		if !filepath.IsAbs(path) {
			path = filepath.Join(dir, path)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, "", fmt.Errorf("%w: --mcp-config %s: %w", ErrConfig, v, err)
		}
		data, source = b, path
	}
	var f File
	std, err := standardize(data)
	if err == nil {
		err = json.Unmarshal(std, &f)
	}
	if err != nil {
		return nil, "", fmt.Errorf("%w: --mcp-config %s: %v", ErrConfig, source, err)
	}
	if f.MCPServers == nil {
		return nil, "", fmt.Errorf("%w: --mcp-config %s: no \"mcpServers\" object", ErrConfig, source)
	}
	return f.MCPServers, source, nil
}
