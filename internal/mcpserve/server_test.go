package mcpserve

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"corvid/internal/executor"
	"corvid/internal/filestate"
	"corvid/internal/permission"
	"corvid/internal/shells"
	"corvid/internal/tool"
	"corvid/internal/tools/bash"
	"corvid/internal/tools/read"
)

// connect serves Read and Bash, with the permission engine allowing
// `echo *` and nobody to ask, to a go-sdk client over in-memory
// transports.
func connect(t testing.TB, dir string) *mcp.ClientSession {
	t.Helper()
	mgr := shells.New(shells.Options{})
	t.Cleanup(func() { _ = mgr.Close(context.Background()) })
	tools := []tool.Tool{read.New(filestate.New()), bash.New(mgr, bash.Options{})}
	reg, err := tool.NewRegistry(tools...)
	if err != nil {
		t.Fatal(err)
	}
	eng, errs := permission.New(permission.Config{Tools: tools, WorkDirs: []string{dir}, Home: t.TempDir(),
		Allow: []permission.RuleSource{{Text: "Bash(echo *)", Source: permission.SourceCLI}, {Text: "Bash(cd *)", Source: permission.SourceCLI}}})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	cfg := Config{Tools: reg, Pipeline: &executor.Pipeline{Permission: eng}, Version: "test",
		Env: tool.Env{WorkDir: dir, ProjectDir: dir, Dirs: []string{dir}, SessionDir: t.TempDir()}}
	st, ct := mcp.NewInMemoryTransports()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, cfg, st) }()
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	cs, err := client.Connect(t.Context(), ct, nil)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cs.Close()
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return cs
}

func callText(t testing.TB, cs *mcp.ClientSession, name string, args map[string]any) (string, bool) {
	t.Helper()
	res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String(), res.IsError
}

func TestServeInMemory(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte("line one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cs := connect(t, dir)
	list, err := cs.ListTools(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range list.Tools {
		names = append(names, tl.Name)
		raw, _ := json.Marshal(tl.InputSchema)
		if !strings.Contains(string(raw), `"type":"object"`) {
			t.Errorf("%s: schema %s", tl.Name, raw)
		}
		if ro := tl.Annotations != nil && tl.Annotations.ReadOnlyHint; ro != (tl.Name == "Read") {
			t.Errorf("%s: readOnlyHint %v", tl.Name, ro)
		}
	}
	slices.Sort(names) // the go-sdk lists tools by name
	if !slices.Equal(names, []string{"Bash", "Read"}) {
		t.Errorf("tools %q, want [Bash Read]", names)
	}
	if out, isErr := callText(t, cs, "Read", map[string]any{"file_path": filepath.Join(dir, "f.txt")}); isErr ||
		!strings.Contains(out, "line one") {
		t.Errorf("Read: %q (error %v)", out, isErr)
	}
	if out, isErr := callText(t, cs, "Bash", map[string]any{"command": "echo allowed"}); isErr || strings.TrimSpace(out) != "allowed" {
		t.Errorf("allowed Bash: %q (error %v)", out, isErr)
	}
	if out, isErr := callText(t, cs, "Bash", map[string]any{"command": "touch nope"}); !isErr ||
		!strings.Contains(out, "has not been granted") {
		t.Errorf("Bash with no rule: %q (error %v), want a denial", out, isErr)
	}
	if _, err := os.Stat(filepath.Join(dir, "nope")); !os.IsNotExist(err) {
		t.Errorf("the denied command ran: %v", err)
	}
	// corvid's own validation answers bad input, as it does the model.
	if out, isErr := callText(t, cs, "Read", map[string]any{"file_path": 7}); !isErr || !strings.Contains(out, "InputValidationError") {
		t.Errorf("bad input: %q (error %v)", out, isErr)
	}
	// A cd changes the directory of the calls after it.
	if _, isErr := callText(t, cs, "Bash", map[string]any{"command": "cd sub"}); isErr {
		t.Error("cd sub failed")
	}
	if out, _ := callText(t, cs, "Bash", map[string]any{"command": "echo $PWD"}); strings.TrimSpace(out) != filepath.Join(dir, "sub") {
		t.Errorf("after cd: pwd %q, want %s", out, filepath.Join(dir, "sub"))
	}
}

// A tool whose schema MCP cannot carry is left out; the others are served.
func TestDefinitionNeedsAnObjectSchema(t *testing.T) {
	for schema, want := range map[string]bool{`{"type":"object"}`: true, ``: true, `{"type":"array"}`: false,
		`not json`: false, `{"properties":{}}`: false} {
		_, ok := definition(&tool.Func{ToolName: "T", Schema: json.RawMessage(schema)})
		if ok != want {
			t.Errorf("schema %q: served %v, want %v", schema, ok, want)
		}
	}
}
