package mcptool

import (
	"testing"

	"corvid/internal/jsonschema"
)

// TestResourceToolSchemas: both resource tools have Claude Code's names
// (and legacy aliases) and schemas that compile: server optional for the
// list, server and uri required for the read.
func TestResourceToolSchemas(t *testing.T) {
	tools := ResourceTools(nil, Options{})
	want := []struct{ name, alias, missing string }{
		{"ListMcpResourcesTool", "ListMcpResources", ""},
		{"ReadMcpResourceTool", "ReadMcpResource", "uri"},
	}
	for i, tl := range tools {
		if tl.Name() != want[i].name || tl.Aliases()[0] != want[i].alias || !tl.IsReadOnly(nil) {
			t.Errorf("tool %d: %s %v", i, tl.Name(), tl.Aliases())
		}
		s, err := jsonschema.Compile(tl.InputSchema())
		if err != nil {
			t.Fatalf("%s: %v", tl.Name(), err)
		}
		if err := s.Validate(map[string]any{}); (err != nil) != (want[i].missing != "") {
			t.Errorf("%s with no input: %v", tl.Name(), err)
		}
		if err := s.Validate(map[string]any{"server": "s", "uri": "u", "extra": 1}); err == nil {
			t.Errorf("%s accepted an unknown field", tl.Name())
		}
	}
}
