package tool_test

import (
	"errors"
	"slices"
	"sync"
	"testing"

	"corvid/internal/provider"
	"corvid/internal/tool"
)

func TestRegistryGenerations(t *testing.T) {
	r := mustRegistry(t, fn("Read"), fn("Bash", "Shell"))
	snap := r.Snapshot()
	g0 := r.Generation()
	defs0 := r.Defs()
	if err := r.Add(fn("mcp__s__a"), fn("mcp__s__b")); err != nil {
		t.Fatal(err)
	}
	if r.Generation() != g0+1 {
		t.Errorf("generation %d after Add, want %d", r.Generation(), g0+1)
	}
	if got, want := r.Names(), []string{"Read", "Bash", "mcp__s__a", "mcp__s__b"}; !slices.Equal(got, want) {
		t.Errorf("Names = %q, want %q", got, want)
	}
	// A snapshot never changes, and cannot be changed.
	if got := snap.Names(); !slices.Equal(got, []string{"Read", "Bash"}) {
		t.Errorf("snapshot changed: %q", got)
	}
	if err := snap.Add(fn("X")); !errors.Is(err, tool.ErrFrozen) {
		t.Errorf("snapshot Add = %v, want ErrFrozen", err)
	}
	// A failed Add changes nothing (the second tool collides).
	g1 := r.Generation()
	if err := r.Add(fn("New"), fn("Shell")); !errors.Is(err, tool.ErrDuplicateName) {
		t.Errorf("Add duplicate = %v", err)
	}
	if _, ok := r.Lookup("New"); ok || r.Generation() != g1 {
		t.Error("a failed Add changed the registry")
	}
	if n, _ := r.Remove("Shell", "mcp__s__a"); n != 2 {
		t.Errorf("Remove removed %d, want 2", n)
	}
	if n, _ := r.Remove("absent"); n != 0 || r.Generation() != g1+1 {
		t.Errorf("removing nothing: %d removed, generation %d, want %d", n, r.Generation(), g1+1)
	}
	if got := r.Names(); !slices.Equal(got, []string{"Read", "mcp__s__b"}) {
		t.Errorf("after Remove: %q", got)
	}
	if got := snap.Defs(); !slices.EqualFunc(got, defs0, func(a, b provider.ToolDef) bool { return a.Name == b.Name }) {
		t.Errorf("snapshot defs changed")
	}
}

// Changes and reads may happen at once (an MCP server's tool list
// arriving while a request is built); run with -race.
func TestRegistryConcurrent(t *testing.T) {
	r := mustRegistry(t, fn("Read"))
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			for j := range 50 {
				name := "mcp__s__" + string(rune('a'+i)) + string(rune('a'+j%26)) + string(rune('a'+j/26))
				if err := r.Add(fn(name)); err != nil {
					t.Error(err)
				}
				_ = r.Snapshot().Defs()
				if _, ok := r.Lookup(name); !ok {
					t.Errorf("%s not found after Add", name)
				}
			}
		})
	}
	wg.Wait()
	if n := len(r.Names()); n != 201 {
		t.Errorf("%d tools, want 201", n)
	}
}
