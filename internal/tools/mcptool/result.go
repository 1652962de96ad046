package mcptool

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"corvid/internal/provider"
	"corvid/internal/tool"
)

// maxImage caps an image block's decoded size (the API refuses larger).
const maxImage = 5 << 20

// convert turns a tools/call result into a tool result: text, image and
// resource blocks, the text capped and the excess saved to a file.
func convert(res *mcp.CallToolResult, c tool.Call, o Options, name string) (*tool.Result, error) {
	var blocks []provider.Block
	for _, ct := range res.Content {
		blocks = append(blocks, block(ct))
	}
	if len(blocks) == 0 && res.StructuredContent != nil {
		if b, err := json.Marshal(res.StructuredContent); err == nil {
			blocks = append(blocks, provider.TextBlock(string(b)))
		}
	}
	blocks = mergeText(blocks)
	blocks, err := capText(blocks, c, o, name)
	if err != nil {
		return nil, err
	}
	if len(blocks) == 0 {
		blocks = []provider.Block{provider.TextBlock("(no content)")}
	}
	return &tool.Result{Content: blocks, IsError: res.IsError}, nil
}

func block(ct mcp.Content) provider.Block {
	switch v := ct.(type) {
	case *mcp.TextContent:
		return provider.TextBlock(v.Text)
	case *mcp.ImageContent:
		return image(v.Data, v.MIMEType, "")
	case *mcp.AudioContent:
		return provider.TextBlock(fmt.Sprintf("[audio content: %s, %d bytes, not shown]", v.MIMEType, len(v.Data)))
	case *mcp.ResourceLink:
		return provider.TextBlock(fmt.Sprintf("[resource link: %s (%s)]", v.Name, v.URI))
	case *mcp.EmbeddedResource:
		return resource(v.Resource)
	}
	return provider.TextBlock("[unsupported content]")
}

func image(data []byte, mime, uri string) provider.Block {
	switch mime {
	case "image/png", "image/jpeg", "image/gif", "image/webp":
	default:
		return provider.TextBlock(fmt.Sprintf("[image %s of type %s, not shown: unsupported type]", uri, mime))
	}
	if len(data) > maxImage {
		return provider.TextBlock(fmt.Sprintf("[image %s of %d bytes, not shown: over %d bytes]", uri, len(data), maxImage))
	}
	return provider.Block{Type: provider.BlockImage, Source: &provider.Source{Type: "base64",
		MediaType: mime, Data: base64.StdEncoding.EncodeToString(data)}}
}

func resource(r *mcp.ResourceContents) provider.Block {
	switch {
	case r == nil:
		return provider.TextBlock("[empty resource]")
	case r.Blob != nil && strings.HasPrefix(r.MIMEType, "image/"):
		return image(r.Blob, r.MIMEType, r.URI)
	case r.Blob != nil:
		return provider.TextBlock(fmt.Sprintf("[resource %s: %s, %d bytes of binary data, not shown]", r.URI, r.MIMEType, len(r.Blob)))
	}
	return provider.TextBlock(fmt.Sprintf("[resource %s]\n%s", r.URI, r.Text))
}

// mergeText joins adjacent text blocks, so the cap sees one text.
func mergeText(in []provider.Block) []provider.Block {
	var out []provider.Block
	for _, b := range in {
		if n := len(out); n > 0 && b.Type == provider.BlockText && out[n-1].Type == provider.BlockText {
			out[n-1].Text += "\n" + b.Text
			continue
		}
		out = append(out, b)
	}
	return out
}

// capText keeps the text blocks within o's cap in total; over it, the
// whole text is saved and the model gets the head and the file's path.
func capText(blocks []provider.Block, c tool.Call, o Options, name string) ([]provider.Block, error) {
	total, limit := 0, o.maxChars()
	for _, b := range blocks {
		total += len(b.Text)
	}
	if total <= limit {
		return blocks, nil
	}
	path, err := save(blocks, c, o, name)
	left := limit
	var out []provider.Block
	for _, b := range blocks {
		if b.Type != provider.BlockText {
			out = append(out, b)
			continue
		}
		if left > 0 {
			out = append(out, provider.TextBlock(cut(b.Text, left)))
		}
		left -= min(left, len(b.Text))
	}
	note := fmt.Sprintf("\n\n[Output of %s too large: about %d tokens, over the limit of %d (MAX_MCP_OUTPUT_TOKENS). ",
		name, total/4, limit/4)
	if err != nil {
		note += fmt.Sprintf("The rest could not be saved (%v).]", err)
	} else {
		note += fmt.Sprintf("The full output is saved to %s: use Read with offset and limit, or Grep, to see the rest.]", path)
	}
	return append(out, provider.TextBlock(note)), nil
}

// cut returns at most n bytes of s, not splitting a UTF-8 sequence.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && n < len(s) && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}

// save writes the text blocks to <SessionDir>/tool-results/mcp-<id>.txt
// within the spill budget.
func save(blocks []provider.Block, c tool.Call, o Options, name string) (string, error) {
	if c.Env.SessionDir == "" || o.Spill == nil {
		return "", ErrNoSessionDir
	}
	id := clean(c.ID)
	if id == "" {
		id = clean(name)
	}
	path := filepath.Join(c.Env.SessionDir, "tool-results", "mcp-"+id+".txt")
	w, err := o.Spill.Create(c.Env.SessionDir, path)
	if err != nil {
		return "", err
	}
	for _, b := range blocks {
		if b.Type == provider.BlockText {
			_, _ = w.Write([]byte(b.Text))
		}
	}
	if err := w.Close(); err != nil {
		return "", err
	}
	return path, nil
}
