package main

import (
	"os/exec"
	"strings"
	"testing"
)

// corvid itself must not link the interface's libraries: their package
// initialisers (chroma registers every lexer and style) would slow
// --version, -p and the SDK hosts. corvid hands over to corvid-tui.
func TestCorvidDoesNotLinkTheTUI(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "corvid/cmd/corvid").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, pkg := range strings.Fields(string(out)) {
		for _, banned := range []string{"charm.land/", "github.com/alecthomas/chroma", "github.com/yuin/goldmark",
			"corvid/internal/tui", "github.com/mattn/go-runewidth"} {
			if strings.HasPrefix(pkg, banned) {
				t.Errorf("corvid links %s", pkg)
			}
		}
	}
}
