package session

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"corvid/internal/provider"
)

var testMeta = Meta{SessionID: "11111111-2222-3333-4444-555555555555", Cwd: "/w/p",
	Version: "0.1.0", GitBranch: "main", Entrypoint: "cli"}

func newTestWriter(t testing.TB) (*Writer, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "projects", "-w-p", testMeta.SessionID+".jsonl")
	w := NewWriter(path, testMeta)
	t.Cleanup(func() { w.Close() })
	return w, path
}

// must returns v, panicking (which fails the test) on err.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func load(t testing.TB, path string) *Transcript {
	t.Helper()
	return must(Load(path))
}

func text(s string) provider.Block { return provider.TextBlock(s) }

func toolUse(id, name, input string) provider.Block {
	return provider.Block{Type: provider.BlockToolUse, ID: id, Name: name, Input: json.RawMessage(input)}
}

func result(id, s string) provider.Block { return provider.ToolResultBlock(id, s, false) }

func user(blocks ...provider.Block) provider.Message {
	return provider.Message{Role: provider.RoleUser, Content: blocks}
}

func assistant(blocks ...provider.Block) provider.Message {
	return provider.Message{Role: provider.RoleAssistant, Content: blocks}
}

// diffMessages compares histories, treating nil and empty slices alike.
func diffMessages(want, got []provider.Message) string {
	return cmp.Diff(want, got, cmpopts.EquateEmpty())
}

// lines returns the file's lines, each decoded into a map.
func lines(t testing.TB, path string) []map[string]any {
	t.Helper()
	data := must(os.ReadFile(path))
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		out = append(out, m)
	}
	return out
}

// appendLines adds raw lines to a file.
func appendLines(t testing.TB, path string, ls ...string) {
	t.Helper()
	f := must(os.OpenFile(path, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o600))
	defer f.Close()
	for _, l := range ls {
		if _, err := f.WriteString(l + "\n"); err != nil {
			t.Fatal(err)
		}
	}
}
