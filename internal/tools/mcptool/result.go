package mcptool

import (
	"encoding/base64"
	"fmt"
	"path/filepath"
	"strings"

	mcpc "corvid/internal/mcp"
	"corvid/internal/provider"
	"corvid/internal/tool"
)

// maxImage caps an image block's decoded size (the API refuses larger).
const maxImage = 5 << 20

// convert turns a tools/call result into a tool result: text, image and
// resource blocks, the text capped and the excess saved to a file.
func convert(res *mcpc.CallToolResult, c tool.Call, o Options, name string) (*tool.Result, error) {
	var blocks []provider.Block
	for _, ct := range res.Content {
		blocks = append(blocks, block(ct))
	}
	if len(blocks) == 0 && len(res.StructuredContent) > 0 {
		blocks = append(blocks, provider.TextBlock(string(res.StructuredContent)))
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

func block(ct mcpc.Content) provider.Block {
	switch ct.Type {
	case "text":
		return provider.TextBlock(ct.Text)
	case "image":
		return image(ct.Data, ct.MIMEType, "")
	case "audio":
		return provider.TextBlock(fmt.Sprintf("[audio content: %s, %d bytes, not shown]", ct.MIMEType, decodedLen(ct.Data)))
	case "resource_link":
		return provider.TextBlock(fmt.Sprintf("[resource link: %s (%s)]", ct.Name, ct.URI))
	case "resource":
		return resource(ct.Resource)
	}
	return provider.TextBlock(fmt.Sprintf("[unsupported content of type %q]", ct.Type))
}

func decodedLen(b64 string) int { return base64.StdEncoding.DecodedLen(len(b64)) }

// image is an image block of base64 data, or a note when the API could
// not take it.
func image(data, mime, uri string) provider.Block {
	switch mime {
	case "image/png", "image/jpeg", "image/gif", "image/webp":
	default:
		return provider.TextBlock(fmt.Sprintf("[image %s of type %s, not shown: unsupported type]", uri, mime))
	}
	if n := decodedLen(data); n > maxImage {
		return provider.TextBlock(fmt.Sprintf("[image %s of %d bytes, not shown: over %d bytes]", uri, n, maxImage))
	}
	if _, err := base64.StdEncoding.DecodeString(data); err != nil {
		return provider.TextBlock(fmt.Sprintf("[image %s not shown: its data is not valid base64]", uri))
	}
	return provider.Block{Type: provider.BlockImage, Source: &provider.Source{Type: "base64", MediaType: mime, Data: data}}
}

func resource(r *mcpc.ResourceContents) provider.Block {
	switch {
	case r == nil:
		return provider.TextBlock("[empty resource]")
	case r.Blob != "" && strings.HasPrefix(r.MIMEType, "image/"):
		return image(r.Blob, r.MIMEType, r.URI)
	case r.Blob != "":
		return provider.TextBlock(fmt.Sprintf("[resource %s: %s, %d bytes of binary data, not shown]", r.URI, r.MIMEType, decodedLen(r.Blob)))
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
