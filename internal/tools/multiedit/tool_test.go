package multiedit

import (
	"encoding/json"
	"slices"
	"testing"

	"corvid/internal/filestate"
	"corvid/internal/tool"
)

// TestContract pins the tool's name, schema and scheduling traits.
func TestContract(t *testing.T) {
	tl := New(filestate.New())
	in := json.RawMessage(`{"file_path":"/a","edits":[{"old_string":"x","new_string":"y"}]}`)
	if tl.Name() != "MultiEdit" || tl.IsReadOnly(in) || tl.IsConcurrencySafe(in) ||
		tl.InterruptBehavior() != tool.Block || tl.Description() == "" {
		t.Fatal("MultiEdit is a blocking, exclusive, writing tool with a description")
	}
	type object struct {
		Properties           map[string]json.RawMessage `json:"properties"`
		Required             []string                   `json:"required"`
		AdditionalProperties *bool                      `json:"additionalProperties"`
		MinItems             int                        `json:"minItems"`
		Items                *object                    `json:"items"`
	}
	var s object
	if err := json.Unmarshal(tl.InputSchema(), &s); err != nil {
		t.Fatal(err)
	}
	var edits object
	if err := json.Unmarshal(s.Properties["edits"], &edits); err != nil {
		t.Fatal(err)
	}
	item := edits.Items
	if !slices.Equal(s.Required, []string{"file_path", "edits"}) || len(s.Properties) != 2 ||
		s.AdditionalProperties == nil || *s.AdditionalProperties || edits.MinItems != 1 || item == nil ||
		!slices.Equal(item.Required, []string{"old_string", "new_string"}) || len(item.Properties) != 3 ||
		item.AdditionalProperties == nil || *item.AdditionalProperties {
		t.Fatalf("schema %s", tl.InputSchema())
	}
}
