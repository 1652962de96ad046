package mcpserve

import (
	"encoding/base64"
	"encoding/json"

	"corvid/internal/provider"
	"corvid/internal/tool"
)

// callResult is the answer to tools/call.
type callResult struct {
	Content []content `json:"content"`
	IsError bool      `json:"isError,omitempty"`
}

// content is one text or image block of a result.
type content struct {
	Type     string
	Text     string
	Data     string // base64
	MIMEType string
}

// MarshalJSON writes the members of c's type only: a text block keeps
// its text even when empty (the protocol requires it).
func (c content) MarshalJSON() ([]byte, error) {
	if c.Type == "image" {
		return json.Marshal(struct {
			Type     string `json:"type"`
			Data     string `json:"data"`
			MIMEType string `json:"mimeType"`
		}{c.Type, c.Data, c.MIMEType})
	}
	return json.Marshal(struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}{"text", c.Text})
}

// result converts a tool result to MCP content: text blocks as text,
// base64 images as images; anything else is described in text rather
// than dropped silently.
func result(r *tool.Result) callResult {
	out := callResult{IsError: r.IsError, Content: make([]content, 0, len(r.Content))}
	for _, b := range r.Content {
		out.Content = append(out.Content, block(b))
	}
	if len(out.Content) == 0 {
		out.Content = append(out.Content, content{Type: "text", Text: "(no output)"})
	}
	return out
}

func block(b provider.Block) content {
	switch {
	case b.Type == provider.BlockText:
		return content{Type: "text", Text: b.Text}
	case b.Type == provider.BlockImage && b.Source != nil && b.Source.Type == "base64":
		if _, err := base64.StdEncoding.DecodeString(b.Source.Data); err == nil {
			return content{Type: "image", Data: b.Source.Data, MIMEType: b.Source.MediaType}
		}
	}
	return content{Type: "text", Text: "[" + string(b.Type) + " content not representable over MCP]"}
}
