package mcpserve

import (
	"encoding/json"
	"slices"

	"corvid/internal/tool"
)

// Protocol versions the server speaks, newest first. A client asking
// for one of them gets it; any other gets the newest, and may hang up.
var protocolVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// negotiate picks the protocol version to answer a client asking for
// requested.
func negotiate(requested string) string {
	if slices.Contains(protocolVersions, requested) {
		return requested
	}
	return protocolVersions[0]
}

type implementation struct {
	Name    string `json:"name"`
	Title   string `json:"title,omitempty"`
	Version string `json:"version"`
}

type initializeParams struct {
	ProtocolVersion string `json:"protocolVersion"`
}

type initializeResult struct {
	ProtocolVersion string         `json:"protocolVersion"`
	Capabilities    map[string]any `json:"capabilities"`
	ServerInfo      implementation `json:"serverInfo"`
}

// toolDef is one entry of tools/list.
type toolDef struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"inputSchema"`
	Annotations *annotations    `json:"annotations,omitempty"`
}

// annotations are MCP's hints about a tool; nil pointers are left to
// the protocol's defaults.
type annotations struct {
	ReadOnlyHint    bool  `json:"readOnlyHint,omitempty"`
	DestructiveHint *bool `json:"destructiveHint,omitempty"`
	OpenWorldHint   *bool `json:"openWorldHint,omitempty"`
}

// definition is the MCP tool for t: its name, description and input
// schema as the model sees them, and hints from its kind.
// A tool whose schema is not an object schema cannot be offered over MCP
// (ok is false); it is left out rather than taking the server down.
func definition(t tool.Tool) (def toolDef, ok bool) {
	schema := t.InputSchema()
	if len(schema) == 0 {
		schema = json.RawMessage(`{"type":"object"}`)
	}
	var head struct {
		Type string `json:"type"`
	}
	if json.Unmarshal(schema, &head) != nil || head.Type != "object" {
		return toolDef{}, false
	}
	return toolDef{Name: t.Name(), Description: t.Description(), InputSchema: schema,
		Annotations: hints(tool.KindOf(t))}, true
}

// hints are the MCP annotations for a kind of tool. An unknown kind
// promises nothing (the protocol's defaults: may write, may destroy,
// open world).
func hints(k tool.Kind) *annotations {
	closed, open, safe := false, true, false
	switch k {
	case tool.KindRead:
		return &annotations{ReadOnlyHint: true, OpenWorldHint: &closed}
	case tool.KindState:
		return &annotations{DestructiveHint: &safe, OpenWorldHint: &closed}
	case tool.KindFetch:
		return &annotations{ReadOnlyHint: true, OpenWorldHint: &open}
	case tool.KindEdit:
		return &annotations{OpenWorldHint: &closed}
	}
	return &annotations{}
}
