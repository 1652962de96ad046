package main

import (
	"os/exec"
	"strings"
	"testing"
)

// corvid-tui does not link goldmark/extension: its package initialiser
// compiles the autolink expressions (URLs with {1,256} repetitions),
// some 230 page faults before the first frame; termmd parses tables,
// strikethrough and task items itself (the node types, in
// goldmark/extension/ast, are still goldmark's).
func TestCorvidTUIDoesNotLinkGoldmarkExtension(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "corvid/cmd/corvid-tui").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if pkg == "github.com/yuin/goldmark/extension" {
			t.Errorf("corvid-tui links %s", pkg)
		}
	}
}
