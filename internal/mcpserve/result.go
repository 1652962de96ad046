package mcpserve

import (
	"encoding/base64"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"corvid/internal/provider"
	"corvid/internal/tool"
)

// result converts a tool result to MCP content: text blocks as text,
// base64 images as images; anything else is described in text rather
// than dropped silently.
func result(r *tool.Result) *mcp.CallToolResult {
	out := &mcp.CallToolResult{IsError: r.IsError}
	for _, b := range r.Content {
		out.Content = append(out.Content, content(b))
	}
	if len(out.Content) == 0 {
		out.Content = []mcp.Content{&mcp.TextContent{Text: "(no output)"}}
	}
	return out
}

func content(b provider.Block) mcp.Content {
	switch {
	case b.Type == provider.BlockText:
		return &mcp.TextContent{Text: b.Text}
	case b.Type == provider.BlockImage && b.Source != nil && b.Source.Type == "base64":
		data, err := base64.StdEncoding.DecodeString(b.Source.Data)
		if err == nil {
			return &mcp.ImageContent{Data: data, MIMEType: b.Source.MediaType}
		}
	}
	return &mcp.TextContent{Text: "[" + string(b.Type) + " content not representable over MCP]"}
}
