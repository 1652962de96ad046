package mcp

import "encoding/json"

// The protocol version corvid asks for; servers may answer with another
// they support.
const protocolVersion = "2025-06-18"

// Implementation names a client or server.
type Implementation struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// Tool is a server tool as tools/list describes it.
type Tool struct {
	Name        string           `json:"name"`
	Description string           `json:"description,omitempty"`
	InputSchema json.RawMessage  `json:"inputSchema"`
	Annotations *ToolAnnotations `json:"annotations,omitempty"`
}

// ToolAnnotations are a server's hints about a tool.
type ToolAnnotations struct {
	ReadOnlyHint    bool  `json:"readOnlyHint,omitempty"`
	DestructiveHint *bool `json:"destructiveHint,omitempty"`
}

// CallToolResult is the answer to tools/call.
type CallToolResult struct {
	Content           []Content       `json:"content"`
	IsError           bool            `json:"isError,omitempty"`
	StructuredContent json.RawMessage `json:"structuredContent,omitempty"`
}

// Content is one block of a result: text, image, audio, resource_link or
// resource (embedded).
type Content struct {
	Type     string            `json:"type"`
	Text     string            `json:"text,omitempty"`
	Data     string            `json:"data,omitempty"` // base64 (image, audio)
	MIMEType string            `json:"mimeType,omitempty"`
	URI      string            `json:"uri,omitempty"`  // resource_link
	Name     string            `json:"name,omitempty"` // resource_link
	Resource *ResourceContents `json:"resource,omitempty"`
}

// ResourceContents is a resource's text or binary (base64) content.
type ResourceContents struct {
	URI      string `json:"uri"`
	MIMEType string `json:"mimeType,omitempty"`
	Text     string `json:"text,omitempty"`
	Blob     string `json:"blob,omitempty"`
}

// ResourceInfo is one entry of resources/list.
type ResourceInfo struct {
	URI         string `json:"uri"`
	Name        string `json:"name"`
	MIMEType    string `json:"mimeType,omitempty"`
	Description string `json:"description,omitempty"`
}

// ReadResourceResult is the answer to resources/read.
type ReadResourceResult struct {
	Contents []ResourceContents `json:"contents"`
}

// Progress is one notifications/progress for a call.
type Progress struct {
	Progress float64 `json:"progress"`
	Total    float64 `json:"total,omitempty"`
	Message  string  `json:"message,omitempty"`
}

// initializeResult is the part of the initialize answer corvid reads.
type initializeResult struct {
	ProtocolVersion string         `json:"protocolVersion"`
	ServerInfo      Implementation `json:"serverInfo"`
	Capabilities    struct {
		Tools     *struct{} `json:"tools"`
		Resources *struct{} `json:"resources"`
		Prompts   *struct{} `json:"prompts"`
	} `json:"capabilities"`
}
