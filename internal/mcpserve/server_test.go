package mcpserve

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"corvid/internal/tool"
)

func TestServeTools(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte("line one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := serve(t, dir)
	c.call("initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "t", "version": "1"}})
	c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	var list struct {
		Tools []struct {
			Name        string
			InputSchema map[string]any
			Annotations struct{ ReadOnlyHint bool }
		}
	}
	if err := json.Unmarshal(c.call("tools/list", nil).Result, &list); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range list.Tools {
		names = append(names, tl.Name)
		if tl.InputSchema["type"] != "object" {
			t.Errorf("%s: schema %v", tl.Name, tl.InputSchema)
		}
		if tl.Annotations.ReadOnlyHint != (tl.Name == "Read") {
			t.Errorf("%s: readOnlyHint %v", tl.Name, tl.Annotations.ReadOnlyHint)
		}
	}
	if !slices.Equal(names, []string{"Read", "Bash"}) {
		t.Errorf("tools %q, want [Read Bash] (the registry's order)", names)
	}
	if out, isErr := c.tool("Read", map[string]any{"file_path": filepath.Join(dir, "f.txt")}); isErr ||
		!strings.Contains(out, "line one") {
		t.Errorf("Read: %q (error %v)", out, isErr)
	}
	if out, isErr := c.tool("Bash", map[string]any{"command": "echo allowed"}); isErr || strings.TrimSpace(out) != "allowed" {
		t.Errorf("allowed Bash: %q (error %v)", out, isErr)
	}
	if out, isErr := c.tool("Bash", map[string]any{"command": "touch nope"}); !isErr ||
		!strings.Contains(out, "has not been granted") {
		t.Errorf("Bash with no rule: %q (error %v), want a denial", out, isErr)
	}
	if _, err := os.Stat(filepath.Join(dir, "nope")); !os.IsNotExist(err) {
		t.Errorf("the denied command ran: %v", err)
	}
	// corvid's own validation answers bad input, as it does the model.
	if out, isErr := c.tool("Read", map[string]any{"file_path": 7}); !isErr || !strings.Contains(out, "InputValidationError") {
		t.Errorf("bad input: %q (error %v)", out, isErr)
	}
	// A cd changes the directory of the calls after it.
	if _, isErr := c.tool("Bash", map[string]any{"command": "cd sub"}); isErr {
		t.Error("cd sub failed")
	}
	if out, _ := c.tool("Bash", map[string]any{"command": "echo $PWD"}); strings.TrimSpace(out) != filepath.Join(dir, "sub") {
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

// An empty text block keeps its "text" member (the protocol requires it);
// an image keeps its base64 data; a broken image is described in text.
func TestResultContent(t *testing.T) {
	res := tool.ErrorText("")
	b, _ := json.Marshal(result(res))
	if string(b) != `{"content":[{"type":"text","text":""}],"isError":true}` {
		t.Errorf("empty text: %s", b)
	}
}
