package mcpserve

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// BenchmarkCallRead is one Read call through the MCP server (in-memory
// transport, JSON-RPC both ways, corvid's validation and permission
// check, the tool): the overhead a client pays per call.
func BenchmarkCallRead(b *testing.B) {
	dir := b.TempDir()
	file := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(file, []byte("line one\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	cs := connect(b, dir)
	params := &mcp.CallToolParams{Name: "Read", Arguments: map[string]any{"file_path": file}}
	for b.Loop() {
		res, err := cs.CallTool(b.Context(), params)
		if err != nil || res.IsError {
			b.Fatalf("%v %+v", err, res)
		}
	}
}
