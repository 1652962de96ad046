package notebookedit

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
	in := json.RawMessage(`{"notebook_path":"/a.ipynb","new_source":""}`)
	if tl.Name() != "NotebookEdit" || tl.IsReadOnly(in) || tl.IsConcurrencySafe(in) ||
		tl.InterruptBehavior() != tool.Block || tl.Description() == "" {
		t.Fatal("NotebookEdit is a blocking, exclusive, writing tool with a description")
	}
	var s struct {
		Properties map[string]struct {
			Enum []string `json:"enum"`
		} `json:"properties"`
		Required             []string `json:"required"`
		AdditionalProperties *bool    `json:"additionalProperties"`
	}
	if err := json.Unmarshal(tl.InputSchema(), &s); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Required, []string{"notebook_path", "new_source"}) || len(s.Properties) != 5 ||
		!slices.Equal(s.Properties["cell_type"].Enum, []string{"code", "markdown"}) ||
		!slices.Equal(s.Properties["edit_mode"].Enum, []string{"replace", "insert", "delete"}) ||
		s.AdditionalProperties == nil || *s.AdditionalProperties {
		t.Fatalf("schema %s", tl.InputSchema())
	}
}
