package mcpattach

import (
	"strings"
	"testing"
)

// BenchmarkMentions: finding the mentions of a 100 KB prompt that has a
// few @words, most of them not MCP mentions (@file paths, addresses).
func BenchmarkMentions(b *testing.B) {
	text := strings.Repeat("some prose about the code, see @src/main.go and mail a@b.c. ", 1600) +
		" @fs:file:///tmp/a.txt @everything:test://static/resource/1"
	known := func(s string) bool { return s == "fs" || s == "everything" }
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if len(Mentions(text, known)) != 2 {
			b.Fatal("mentions")
		}
	}
}
