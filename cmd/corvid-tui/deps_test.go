package main

import (
	"os"
	"os/exec"
	"strconv"
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

// corvid-tui links no library that registers a registry at start-up
// (glamour's highlighter chroma parsed every lexer and style it ships,
// 4.6 MB of allocations, before the first frame could be drawn).
func TestCorvidTUIDoesNotLinkHighlighterRegistries(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "corvid/cmd/corvid-tui").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, pkg := range strings.Fields(string(out)) {
		for _, banned := range []string{"github.com/alecthomas/chroma", "charm.land/glamour",
			"github.com/microcosm-cc/bluemonday", "github.com/gorilla/css"} {
			if strings.HasPrefix(pkg, banned) {
				t.Errorf("corvid-tui links %s", pkg)
			}
		}
	}
}

// What corvid-tui's package initialisers allocate, read from the
// runtime's own trace (a count, not a time, so load does not move it):
// 7.1 MB with glamour and chroma, 1.1 MB without.
func TestCorvidTUIInitAllocations(t *testing.T) {
	bin := buildBinaries(t)
	cmd := exec.Command(bin+"/corvid-tui", "--version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("corvid-tui --version: %v\n%s", err, stderr.String())
	}
	total, pkgs := 0, 0
	for _, line := range strings.Split(stderr.String(), "\n") {
		f := strings.Fields(line)
		if len(f) >= 9 && f[0] == "init" && f[8] == "bytes," {
			n, err := strconv.Atoi(f[7])
			if err != nil {
				t.Fatalf("inittrace line %q: %v", line, err)
			}
			total += n
			pkgs++
		}
	}
	if pkgs < 50 {
		t.Fatalf("read %d initialisers from the trace; format changed?\n%s", pkgs, stderr.String())
	}
	const limit = 2 << 20
	if total > limit {
		t.Errorf("package initialisers allocate %d bytes (%d packages), more than %d", total, pkgs, limit)
	}
}
