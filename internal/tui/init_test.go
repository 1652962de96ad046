package tui

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// initRepo is a small git repository with Go, TypeScript, a
// package.json, a Makefile and an ignored build directory.
func initRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if out, err := exec.Command("git", "init", "-q", dir).CombinedOutput(); err != nil {
		t.Skipf("git init: %v %s", err, out)
	}
	for name, body := range map[string]string{
		"go.mod":               "module example.com/demo\n",
		"main.go":              "package main\n",
		"internal/a/a.go":      "package a\n",
		"internal/a/a_test.go": "package a\n",
		"web/app.ts":           "export {}\n",
		"web/view.tsx":         "export {}\n",
		"package.json":         `{"scripts": {"test": "vitest", "build": "tsc", "lint": "eslint ."}}`,
		"Makefile":             "VAR := x\n.PHONY: all test\nall: build\n\ttrue\ntest:\n\tgo test ./...\nbuild: ; go build\n",
		".gitignore":           "build/\n",
		"build/gen.go":         "package gen\n",
		"build/more.go":        "package gen\n",
		"README.md":            "# demo\n",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// /init scan writes CLAUDE.md from the scan: languages by files (the
// ignored build/ not counted), the commands of go.mod, package.json and
// the Makefile, and the top-level layout.
func TestInitWritesClaudeMD(t *testing.T) {
	dir := initRepo(t)
	h := newHarness(t, 100, nil, func(o *Options) { o.Cwd = dir })
	h.typeLine("/init scan")
	h.waitFor("the note", func(p, _ string) bool { return strings.Contains(p, "Wrote ") })
	data, err := os.ReadFile(filepath.Join(dir, "CLAUDE.md"))
	if err != nil {
		t.Fatal(err)
	}
	golden.RequireEqual(t, data)
	if strings.Contains(string(data), "build/") {
		t.Error("the ignored build/ directory was scanned")
	}
}

// An existing CLAUDE.md is never overwritten: /init scan refuses and
// says how to append; /init append keeps the file and adds one section,
// once.
func TestInitKeepsExistingClaudeMD(t *testing.T) {
	dir := initRepo(t)
	path := filepath.Join(dir, "CLAUDE.md")
	mine := "# Mine\n\nAlways run make test.\n"
	if err := os.WriteFile(path, []byte(mine), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, 100, nil, func(o *Options) { o.Cwd = dir })
	h.typeLine("/init scan")
	h.waitFor("the refusal", func(p, _ string) bool { return strings.Contains(p, "/init scan append adds") })
	if data, _ := os.ReadFile(path); string(data) != mine {
		t.Fatalf("CLAUDE.md changed:\n%s", data)
	}
	h.typeLine("/init append")
	h.waitFor("the append", func(p, _ string) bool { return strings.Contains(p, "Appended the scan") })
	data, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(data), mine) || strings.Count(string(data), initSectionOf) != 1 ||
		!strings.Contains(string(data), "### Build and test") {
		t.Fatalf("after append:\n%s", data)
	}
	h.typeLine("/init append")
	h.waitFor("the second refusal", func(p, _ string) bool { return strings.Contains(p, "already has a section") })
	if again, _ := os.ReadFile(path); string(again) != string(data) {
		t.Fatal("a second append changed the file")
	}
}
