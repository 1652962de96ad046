package tui

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/event"
	"corvid/internal/permission"
)

// /init sends the model one prompt: the instruction to explore the
// repository and write CLAUDE.md, with the local scan's findings (the
// languages and the commands of go.mod, package.json and the Makefile);
// the interface writes nothing itself and echoes only "/init".
func TestInitAsksTheModel(t *testing.T) {
	dir := initRepo(t)
	h := newHarness(t, 100, nil, func(o *Options) { o.Cwd = dir })
	h.typeLine("/init")
	p := h.prompt(0)
	for _, want := range []string{
		"There is no CLAUDE.md yet: create one", "The commands to build, run the tests", "The architecture",
		"A quick local scan found", "- Go: 3 file(s)", "- `go test ./...` (go.mod)", "- `npm run lint` (package.json)",
		"- `make test` (Makefile)", "- `internal/`: 2 file(s)", "README.md",
	} {
		if !strings.Contains(p, want) {
			t.Errorf("the prompt lacks %q:\n%s", want, p)
		}
	}
	if strings.Contains(p, "build/gen.go") || strings.Contains(p, "- `build/`") {
		t.Errorf("the prompt lists the ignored build/ directory:\n%s", p)
	}
	h.waitFor("the turn's end", func(string, string) bool { return strings.Contains(h.currentView(), "shift+tab") })
	if _, err := os.Stat(filepath.Join(dir, "CLAUDE.md")); err == nil {
		t.Error("/init wrote CLAUDE.md itself")
	}
	sb := h.scrollback()
	if !strings.Contains(sb, "> /init\n") || strings.Contains(sb, "A quick local scan") || !strings.Contains(sb, "Asking corvid to write CLAUDE.md") {
		t.Errorf("scrollback:\n%s", sb)
	}
}

// With a CLAUDE.md present the prompt asks for an improvement in place,
// and the file is left to the model.
func TestInitImprovesExisting(t *testing.T) {
	dir := initRepo(t)
	mine := "# Mine\n\nAlways run make test.\n"
	if err := os.WriteFile(filepath.Join(dir, "CLAUDE.md"), []byte(mine), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, 100, nil, func(o *Options) { o.Cwd = dir })
	h.typeLine("/init")
	p := h.prompt(0)
	if !strings.Contains(p, "A CLAUDE.md is already there. Read it first and improve it in place") ||
		strings.Contains(p, "There is no CLAUDE.md yet") {
		t.Errorf("prompt:\n%s", p)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "CLAUDE.md")); string(data) != mine {
		t.Errorf("CLAUDE.md changed:\n%s", data)
	}
}

// With no conversation open, /init scan writes the scan itself, and
// /init waits for the conversation (early.go).
func TestInitWithoutConversationWritesScan(t *testing.T) {
	dir := initRepo(t)
	release := make(chan struct{})
	h := newHarness(t, 100, nil, func(o *Options) {
		o.Cwd = dir
		o.Open = func(ctx context.Context, _ event.Sink, _ permission.Asker, _ string) (Backend, error) {
			select { // the conversation never opens while the test runs
			case <-release:
			case <-ctx.Done():
			}
			return nil, errors.New("not opened")
		}
	})
	t.Cleanup(func() { close(release) }) // before the harness ends the program
	h.typeLine("/init")
	h.typeLine("/init scan")
	h.waitFor("the note", func(p, _ string) bool { return strings.Contains(p, "Wrote ") })
	if p := h.scrollback(); strings.Contains(p, "> /init\n") || strings.Count(p, "> /init") != 1 {
		t.Errorf("/init ran without a conversation:\n%s", p)
	}
	data, err := os.ReadFile(filepath.Join(dir, "CLAUDE.md"))
	if err != nil || !strings.Contains(string(data), "## Build and test") {
		t.Fatalf("CLAUDE.md: %q, %v", data, err)
	}
}

// /init refuses words it does not know, and writes nothing.
func TestInitUsage(t *testing.T) {
	dir := initRepo(t)
	h := newHarness(t, 100, nil, func(o *Options) { o.Cwd = dir })
	h.typeLine("/init please")
	h.waitFor("the usage", func(p, _ string) bool { return strings.Contains(p, "Usage: /init [scan] [append]") })
	if _, err := os.Stat(filepath.Join(dir, "CLAUDE.md")); err == nil {
		t.Error("CLAUDE.md written")
	}
	if n := len(h.conv.promptTexts()); n != 0 {
		t.Errorf("%d prompt(s) sent", n)
	}
}
