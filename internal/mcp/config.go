package mcp

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/tailscale/hujson"
)

// Transport types of a server entry.
const (
	TypeStdio = "stdio"
	TypeHTTP  = "http"
	TypeSSE   = "sse"
	TypeSDK   = "sdk"
)

// Scope says where a server entry came from.
type Scope string

// The scopes, in Claude Code's words.
const (
	ScopeLocal   Scope = "local"
	ScopeProject Scope = "project"
	ScopeUser    Scope = "user"
	ScopeDynamic Scope = "dynamic" // --mcp-config
	ScopeSDK     Scope = "sdk"     // an Agent SDK host's in-process servers
)

// ServerConfig is one entry of an "mcpServers" object.
type ServerConfig struct {
	Type    string            `json:"type,omitempty"`
	Command string            `json:"command,omitempty"`
	Args    []string          `json:"args,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
	URL     string            `json:"url,omitempty"`
	Headers map[string]string `json:"headers,omitempty"`
	// Name is an sdk entry's server name as the host knows it (the SDKs
	// write {"type":"sdk","name":…}); the entry's key is what is used.
	Name string `json:"name,omitempty"`
	// Timeout is the start-up timeout in milliseconds (0: MCP_TIMEOUT).
	Timeout int `json:"timeout,omitempty"`
	// OAuth is a pre-registered OAuth client for an HTTP server
	// (Claude Code's "oauth" member); nil: register dynamically.
	OAuth *OAuthConfig `json:"oauth,omitempty"`
}

// OAuthConfig is a server entry's OAuth client: its id, and the fixed
// loopback port its redirect URI was registered with (0: any port).
type OAuthConfig struct {
	ClientID     string `json:"clientId,omitempty"`
	CallbackPort int    `json:"callbackPort,omitempty"`
}

// Server is a named entry and where it came from.
type Server struct {
	Name   string
	Scope  Scope
	Source string // the file (or "--mcp-config") that defined it
	Config ServerConfig
}

// Transport returns the entry's transport type; stdio when unset.
func (c ServerConfig) Transport() string {
	if c.Type == "" {
		return TypeStdio
	}
	return c.Type
}

// Validate checks an entry as Claude Code does: a url without a type is
// rejected, stdio needs a command, http and sse need a url.
func (c ServerConfig) Validate() error {
	switch c.Transport() {
	case TypeStdio:
		if c.Type == "" && c.URL != "" {
			return fmt.Errorf("%w: \"url\" needs \"type\": \"http\" or \"sse\"", ErrConfig)
		}
		if c.Command == "" {
			return fmt.Errorf("%w: stdio server without \"command\"", ErrConfig)
		}
	case TypeHTTP, TypeSSE:
		if c.URL == "" {
			return fmt.Errorf("%w: %s server without \"url\"", ErrConfig, c.Type)
		}
	case TypeSDK:
	default:
		return fmt.Errorf("%w: unknown type %q (want stdio, http, sse or sdk)", ErrConfig, c.Type)
	}
	if c.Timeout < 0 {
		return fmt.Errorf("%w: negative timeout", ErrConfig)
	}
	return nil
}

// File is the {"mcpServers":{…}} shape of .mcp.json and --mcp-config.
type File struct {
	MCPServers map[string]json.RawMessage `json:"mcpServers"`
}

// ParseFile reads an {"mcpServers":{…}} document (comments and trailing
// commas allowed). Entries that do not decode or validate are returned
// as problems naming the server; the others are kept.
func ParseFile(data []byte) (map[string]ServerConfig, []error, error) {
	std, err := hujson.Standardize(slices.Clone(data))
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrConfig, err)
	}
	var f File
	if err := json.Unmarshal(std, &f); err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrConfig, err)
	}
	return parseEntries(f.MCPServers)
}

func parseEntries(raw map[string]json.RawMessage) (map[string]ServerConfig, []error, error) {
	out := map[string]ServerConfig{}
	var problems []error
	for _, name := range slices.Sorted(maps.Keys(raw)) {
		c, err := ParseEntry(raw[name])
		if err == nil {
			err = ValidName(name)
		}
		if err != nil {
			problems = append(problems, fmt.Errorf("server %q: %w", name, err))
			continue
		}
		out[name] = c
	}
	return out, problems, nil
}

// ParseEntry decodes and validates one server entry.
func ParseEntry(raw json.RawMessage) (ServerConfig, error) {
	var c ServerConfig
	if err := json.Unmarshal(raw, &c); err != nil {
		return c, fmt.Errorf("%w: %v", ErrConfig, err)
	}
	return c, c.Validate()
}

// ValidName checks a server name: letters, digits, '-' and '_' only, so
// that mcp__<server>__<tool> stays unambiguous.
func ValidName(name string) error {
	if name == "" {
		return fmt.Errorf("%w: empty server name", ErrConfig)
	}
	for _, r := range name {
		if !(r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return fmt.Errorf("%w: server name %q may contain only letters, digits, '-' and '_'", ErrConfig, name)
		}
	}
	return nil
}

func standardize(data []byte) ([]byte, error) {
	return hujson.Standardize(slices.Clone(data))
}
