package tool

import (
	"slices"
	"testing"
)

// countingTool counts the calls of its Name method.
type countingTool struct {
	*Func
	calls *int
}

func (c countingTool) Name() string { *c.calls++; return c.ToolName }

// Names is read once per generation: asking for the names (every turn
// does) runs no tool's code, so an idle session's turns keep fewer of
// the program's pages in memory. Each generation still reports its own
// names.
func TestNamesReadOncePerGeneration(t *testing.T) {
	var calls int
	r, err := NewRegistry(countingTool{&Func{ToolName: "A"}, &calls}, countingTool{&Func{ToolName: "B"}, &calls})
	if err != nil {
		t.Fatal(err)
	}
	before := calls
	for range 3 {
		if got := r.Names(); !slices.Equal(got, []string{"A", "B"}) {
			t.Fatalf("Names %v", got)
		}
	}
	if calls != before {
		t.Errorf("three Names calls ran Name %d times", calls-before)
	}
	names := r.Names()
	names[0] = "changed"
	if err := r.Add(&Func{ToolName: "C"}); err != nil {
		t.Fatal(err)
	}
	if got := r.Names(); !slices.Equal(got, []string{"A", "B", "C"}) {
		t.Errorf("after Add: Names %v (a caller's change must not leak in)", got)
	}
	if n, err := r.Remove("A"); err != nil || n != 1 {
		t.Fatalf("Remove: %d %v", n, err)
	}
	if got := r.Names(); !slices.Equal(got, []string{"B", "C"}) {
		t.Errorf("after Remove: Names %v", got)
	}
	var empty *Registry
	if got := empty.Names(); got != nil {
		t.Errorf("nil registry: Names %v", got)
	}
}
