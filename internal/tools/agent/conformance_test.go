package agent

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
)

type schemaDoc struct {
	Properties map[string]struct {
		Type string   `json:"type"`
		Enum []string `json:"enum"`
	} `json:"properties"`
	Required             []string `json:"required"`
	AdditionalProperties bool     `json:"additionalProperties"`
}

// The tool's name and input schema match what Claude Code 2.1.332 sends
// (recorded by testdata/claudecode/agenttool/record.sh): the same
// properties with the same types and enums, the same required ones, no
// others; the only property left out is isolation (worktree and remote
// agents are not supported, so a call asking for them fails validation
// instead of running unisolated).
func TestSchemaMatchesClaudeCode(t *testing.T) {
	data, err := os.ReadFile("../../../testdata/claudecode/agenttool/agent_tool.json")
	if err != nil {
		t.Fatal(err)
	}
	var rec struct {
		Name        string    `json:"name"`
		InputSchema schemaDoc `json:"input_schema"`
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	var ours schemaDoc
	if err := json.Unmarshal(schema, &ours); err != nil {
		t.Fatal(err)
	}
	if rec.Name != Name {
		t.Errorf("name %q, Claude Code %q", Name, rec.Name)
	}
	if !slices.Equal(ours.Required, rec.InputSchema.Required) || ours.AdditionalProperties != rec.InputSchema.AdditionalProperties {
		t.Errorf("required %q additional %v; Claude Code %q %v", ours.Required, ours.AdditionalProperties,
			rec.InputSchema.Required, rec.InputSchema.AdditionalProperties)
	}
	for name, p := range rec.InputSchema.Properties {
		q, ok := ours.Properties[name]
		switch {
		case !ok && name == "isolation":
		case !ok:
			t.Errorf("property %s missing", name)
		case q.Type != p.Type || !slices.Equal(q.Enum, p.Enum):
			t.Errorf("property %s: %s %q, Claude Code %s %q", name, q.Type, q.Enum, p.Type, p.Enum)
		}
	}
	for name := range ours.Properties {
		if _, ok := rec.InputSchema.Properties[name]; !ok {
			t.Errorf("property %s is not Claude Code's", name)
		}
	}
}
