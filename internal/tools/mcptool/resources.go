package mcptool

import (
	"context"
	"encoding/json"
	"fmt"

	mcpc "corvid/internal/mcp"
	"corvid/internal/provider"
	"corvid/internal/tool"
)

// Names of the resource tools.
const (
	ListResourcesName = "ListMcpResourcesTool"
	ReadResourceName  = "ReadMcpResourceTool"
)

// ResourceTools returns ListMcpResourcesTool and ReadMcpResourceTool.
func ResourceTools(m *mcpc.Manager, o Options) []tool.Tool {
	return []tool.Tool{&listResources{m: m, o: o}, &readResource{m: m, o: o}}
}

type listResources struct {
	tool.Base
	m *mcpc.Manager
	o Options
}

func (*listResources) Name() string { return ListResourcesName }
func (*listResources) Aliases() []string {
	return []string{"ListMcpResources"}
}
func (*listResources) Description() string {
	return "Lists the resources MCP servers offer (all servers, or the one named in server). " +
		"Each entry has the resource's uri, name, mimeType, description and server."
}
func (*listResources) InputSchema() json.RawMessage {
	return json.RawMessage(`{"type":"object","properties":{"server":{"type":"string","description":"Only the resources of this server"}},"additionalProperties":false}`)
}
func (*listResources) IsReadOnly(json.RawMessage) bool        { return true }
func (*listResources) IsConcurrencySafe(json.RawMessage) bool { return true }

type resourceEntry struct {
	URI         string `json:"uri"`
	Name        string `json:"name"`
	MIMEType    string `json:"mimeType,omitempty"`
	Description string `json:"description,omitempty"`
	Server      string `json:"server"`
}

func (t *listResources) Call(ctx context.Context, c tool.Call) (*tool.Result, error) {
	var in struct {
		Server string `json:"server"`
	}
	if err := json.Unmarshal(c.Input, &in); err != nil {
		return tool.UseError(err.Error()), nil
	}
	rs, err := t.m.ListResources(ctx, in.Server)
	if err != nil {
		return tool.ErrorText(fmt.Sprintf("Error: %v", err)), nil
	}
	if len(rs) == 0 {
		return tool.Text("No resources found. MCP servers may still provide tools even if they have no resources."), nil
	}
	list := make([]resourceEntry, 0, len(rs))
	for _, r := range rs {
		list = append(list, resourceEntry{URI: r.URI, Name: r.Name, MIMEType: r.MIMEType,
			Description: r.Description, Server: r.Server})
	}
	b, _ := json.Marshal(list)
	res := &tool.Result{Content: []provider.Block{provider.TextBlock(string(b))}, Structured: list}
	res.Content, err = capText(res.Content, c, t.o, ListResourcesName)
	return res, err
}

type readResource struct {
	tool.Base
	m *mcpc.Manager
	o Options
}

func (*readResource) Name() string { return ReadResourceName }
func (*readResource) Aliases() []string {
	return []string{"ReadMcpResource"}
}
func (*readResource) Description() string {
	return "Reads a resource of an MCP server by its uri."
}
func (*readResource) InputSchema() json.RawMessage {
	return json.RawMessage(`{"type":"object","properties":{"server":{"type":"string","description":"The MCP server name"},"uri":{"type":"string","description":"The resource URI to read"}},"required":["server","uri"],"additionalProperties":false}`)
}
func (*readResource) IsReadOnly(json.RawMessage) bool        { return true }
func (*readResource) IsConcurrencySafe(json.RawMessage) bool { return true }

func (t *readResource) Call(ctx context.Context, c tool.Call) (*tool.Result, error) {
	var in struct {
		Server string `json:"server"`
		URI    string `json:"uri"`
	}
	if err := json.Unmarshal(c.Input, &in); err != nil {
		return tool.UseError(err.Error()), nil
	}
	res, err := t.m.ReadResource(ctx, in.Server, in.URI)
	if err != nil {
		return tool.ErrorText(fmt.Sprintf("Error: %v", err)), nil
	}
	var blocks []provider.Block
	for i := range res.Contents {
		blocks = append(blocks, resource(&res.Contents[i]))
	}
	if len(blocks) == 0 {
		blocks = []provider.Block{provider.TextBlock(fmt.Sprintf("Resource %s of %s is empty.", in.URI, in.Server))}
	}
	blocks = mergeText(blocks)
	blocks, err = capText(blocks, c, t.o, ReadResourceName)
	if err != nil {
		return nil, err
	}
	return &tool.Result{Content: blocks}, nil
}
