package edit

import (
	"encoding/json"
	"slices"
	"testing"

	"corvid/internal/filestate"
	"corvid/internal/tool"
)

// TestContract pins the tool's name, schema (the spec's parameters,
// required set and additionalProperties:false) and scheduling traits.
func TestContract(t *testing.T) {
	tl := New(filestate.New())
	in := json.RawMessage(`{"file_path":"/a","old_string":"x","new_string":"y"}`)
	if tl.Name() != "Edit" || tl.IsReadOnly(in) || tl.IsConcurrencySafe(in) ||
		tl.InterruptBehavior() != tool.Block || tl.Description() == "" {
		t.Fatal("Edit is a blocking, exclusive, writing tool with a description")
	}
	var s struct {
		Type                 string                     `json:"type"`
		Properties           map[string]json.RawMessage `json:"properties"`
		Required             []string                   `json:"required"`
		AdditionalProperties *bool                      `json:"additionalProperties"`
	}
	if err := json.Unmarshal(tl.InputSchema(), &s); err != nil {
		t.Fatal(err)
	}
	var props []string
	for k := range s.Properties {
		props = append(props, k)
	}
	slices.Sort(props)
	if s.Type != "object" || !slices.Equal(props, []string{"file_path", "new_string", "old_string", "replace_all"}) ||
		!slices.Equal(s.Required, []string{"file_path", "old_string", "new_string"}) ||
		s.AdditionalProperties == nil || *s.AdditionalProperties {
		t.Fatalf("schema %s", tl.InputSchema())
	}
}
