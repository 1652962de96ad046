package mcp

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/tailscale/hujson"

	"corvid/internal/atomicfile"
)

// StoreName is the file in corvid's config directory that holds the user
// and local scopes (Claude Code keeps them in ~/.claude.json).
const StoreName = "mcp.json"

// Store is the user- and local-scope server file: top-level mcpServers
// (user scope) and projects["<abs dir>"].mcpServers (local scope).
type Store struct {
	MCPServers map[string]json.RawMessage `json:"mcpServers,omitempty"`
	Projects   map[string]*ProjectEntry   `json:"projects,omitempty"`
}

// ProjectEntry is one project's local-scope servers.
type ProjectEntry struct {
	MCPServers map[string]json.RawMessage `json:"mcpServers,omitempty"`
}

// StorePath is the store's path under corvid's config directory.
func StorePath(configDir string) string { return filepath.Join(configDir, StoreName) }

// ReadStore reads the store; a missing file is an empty store.
func ReadStore(path string) (*Store, error) {
	s := &Store{}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return nil, err
	}
	std, err := hujson.Standardize(data)
	if err == nil {
		err = json.Unmarshal(std, s)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrConfig, path, err)
	}
	return s, nil
}

// WriteStore writes the store atomically, mode 0600 (it may hold tokens
// in headers or env).
func WriteStore(path string, s *Store) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return atomicfile.Write(path, append(data, '\n'), 0o600)
}

// Local returns the local-scope servers of dir, creating the entry when
// create is set.
func (s *Store) Local(dir string, create bool) map[string]json.RawMessage {
	p := s.Projects[dir]
	if p == nil {
		if !create {
			return nil
		}
		if s.Projects == nil {
			s.Projects = map[string]*ProjectEntry{}
		}
		p = &ProjectEntry{}
		s.Projects[dir] = p
	}
	if p.MCPServers == nil && create {
		p.MCPServers = map[string]json.RawMessage{}
	}
	return p.MCPServers
}

// ReadProjectFile reads a .mcp.json into its raw entries; a missing file
// is empty.
func ReadProjectFile(path string) (map[string]json.RawMessage, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	std, err := hujson.Standardize(data)
	var f File
	if err == nil {
		err = json.Unmarshal(std, &f)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrConfig, path, err)
	}
	return f.MCPServers, nil
}

// WriteProjectFile writes .mcp.json with servers, mode 0644 (it is meant
// to be committed).
func WriteProjectFile(path string, servers map[string]json.RawMessage) error {
	data, err := json.MarshalIndent(File{MCPServers: servers}, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(path, append(data, '\n'), 0o644)
}
