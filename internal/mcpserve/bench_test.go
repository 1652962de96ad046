package mcpserve

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkCallRead is one Read call through the MCP server (pipes,
// JSON-RPC both ways, corvid's validation and permission check, the
// tool): the overhead a client pays per call.
func BenchmarkCallRead(b *testing.B) {
	dir := b.TempDir()
	file := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(file, []byte("line one\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	c := serve(b, dir)
	args := map[string]any{"file_path": file}
	for b.Loop() {
		if _, isErr := c.tool("Read", args); isErr {
			b.Fatal("Read failed")
		}
	}
}
