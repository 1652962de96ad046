package tool_test

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"corvid/internal/provider"
	"corvid/internal/tool"
)

func defNames(defs []provider.ToolDef) []string {
	var out []string
	for _, d := range defs {
		out = append(out, d.Name)
	}
	return out
}

// TestApplyKeepsOrder: one Change removes, replaces in place and appends,
// as one generation; the definitions before the first changed one keep
// their bytes (what a prompt cache keys on).
func TestApplyKeepsOrder(t *testing.T) {
	r := mustRegistry(t, fn("Read"), fn("mcp__s__a"), fn("mcp__s__b"), fn("mcp__s__c"))
	before := r.Defs()
	g := r.Generation()
	newB := fn("mcp__s__b")
	newB.Schema = json.RawMessage(`{"type":"object","properties":{"x":{"type":"string"}}}`)
	changed, err := r.Apply(tool.Change{Remove: []string{"mcp__s__c"}, Put: []tool.Tool{fn("mcp__s__d"), newB}})
	if err != nil || !changed {
		t.Fatalf("Apply = %v, %v", changed, err)
	}
	if r.Generation() != g+1 {
		t.Errorf("generation %d, want %d (one change, one generation)", r.Generation(), g+1)
	}
	if got, want := r.Names(), []string{"Read", "mcp__s__a", "mcp__s__b", "mcp__s__d"}; !slices.Equal(got, want) {
		t.Errorf("Names = %q, want %q", got, want)
	}
	after := r.Defs()
	for i := range 2 {
		a, _ := json.Marshal(before[i])
		b, _ := json.Marshal(after[i])
		if string(a) != string(b) {
			t.Errorf("def %d changed: %s -> %s", i, a, b)
		}
	}
	if string(after[2].InputSchema) != string(newB.Schema) {
		t.Errorf("mcp__s__b was not replaced: %s", after[2].InputSchema)
	}
	// Nothing to do: no new generation.
	if changed, _ := r.Apply(tool.Change{Remove: []string{"absent"}}); changed || r.Generation() != g+1 {
		t.Errorf("an empty change made a generation (%v, %d)", changed, r.Generation())
	}
	// A failing change changes nothing.
	if _, err := r.Apply(tool.Change{Put: []tool.Tool{fn("X", "Read")}}); !errors.Is(err, tool.ErrDuplicateName) {
		t.Errorf("Apply duplicate = %v", err)
	}
	if _, ok := r.Lookup("X"); ok || r.Generation() != g+1 {
		t.Error("a failed Apply changed the registry")
	}
	if _, err := r.Snapshot().Apply(tool.Change{Put: []tool.Tool{fn("Y")}}); !errors.Is(err, tool.ErrFrozen) {
		t.Errorf("snapshot Apply = %v, want ErrFrozen", err)
	}
}

// TestDeferAndLoad: a deferred tool can be found and called but is not
// among the definitions until loaded; loading appends its definition
// after the others, and the marks survive other changes.
func TestDeferAndLoad(t *testing.T) {
	r := mustRegistry(t, fn("Read"))
	_, err := r.Apply(tool.Change{Put: []tool.Tool{fn("mcp__s__a"), fn("mcp__s__b"), fn("mcp__s__c")},
		Defer: []string{"mcp__s__a", "mcp__s__b", "mcp__s__c"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := defNames(r.Defs()); !slices.Equal(got, []string{"Read"}) {
		t.Errorf("Defs with three deferred = %q, want only Read", got)
	}
	if _, ok := r.Lookup("mcp__s__b"); !ok || !r.IsDeferred("mcp__s__b") {
		t.Error("a deferred tool must still be found, and say it is deferred")
	}
	// ToolSearch arrives after the deferred tools: Defs keep it.
	if err := r.Add(fn("ToolSearch")); err != nil {
		t.Fatal(err)
	}
	snap := r.Snapshot()
	loaded, err := r.Load("mcp__s__c", "Read", "absent", "mcp__s__c")
	if err != nil || !slices.Equal(loaded, []string{"mcp__s__c"}) {
		t.Fatalf("Load = %q, %v; want only mcp__s__c", loaded, err)
	}
	if got, want := defNames(r.Defs()), []string{"Read", "ToolSearch", "mcp__s__c"}; !slices.Equal(got, want) {
		t.Errorf("Defs after Load = %q, want %q", got, want)
	}
	if got := defNames(snap.Defs()); !slices.Equal(got, []string{"Read", "ToolSearch"}) {
		t.Errorf("a snapshot taken before Load changed: %q", got)
	}
	if _, err := snap.Load("mcp__s__a"); !errors.Is(err, tool.ErrFrozen) {
		t.Errorf("snapshot Load = %v, want ErrFrozen", err)
	}
	// Replacing a deferred tool keeps it deferred; removing another keeps
	// the rest; Without keeps the marks too.
	if _, err := r.Apply(tool.Change{Put: []tool.Tool{fn("mcp__s__a")}, Remove: []string{"mcp__s__b"}}); err != nil {
		t.Fatal(err)
	}
	if !r.IsDeferred("mcp__s__a") || r.IsDeferred("mcp__s__c") {
		t.Error("deferral marks lost or widened by a change")
	}
	if n, _ := r.Remove("Read"); n != 1 || !r.IsDeferred("mcp__s__a") {
		t.Error("Remove dropped another tool's deferral mark")
	}
	if w := r.Without("ToolSearch"); !w.IsDeferred("mcp__s__a") || len(w.Defs()) != 1 {
		t.Errorf("Without lost the deferral marks: %q", defNames(w.Defs()))
	}
	if got := r.Deferred(); len(got) != 1 || got[0].Name() != "mcp__s__a" {
		t.Errorf("Deferred = %v", got)
	}
	// A removed tool that comes back is not deferred by a stale mark.
	if _, err := r.Apply(tool.Change{Remove: []string{"mcp__s__a"}}); err != nil {
		t.Fatal(err)
	}
	if err := r.Add(fn("mcp__s__a")); err != nil || r.IsDeferred("mcp__s__a") {
		t.Errorf("a tool added again inherited an old deferral mark (%v)", err)
	}
}

// binder is a Rebinder that records the registry it was bound to.
type binder struct {
	*tool.Func
	reg *tool.Registry
}

func (b *binder) Rebind(r *tool.Registry) tool.Tool { return &binder{Func: b.Func, reg: r} }

// TestDerive: a derived registry keeps the parent's deferral marks and
// binds Rebinders to itself; without a Rebinder among its tools it defers
// nothing.
func TestDerive(t *testing.T) {
	parent := mustRegistry(t, fn("Read"))
	search := &binder{Func: fn("ToolSearch"), reg: parent}
	if _, err := parent.Apply(tool.Change{Put: []tool.Tool{fn("mcp__s__a"), fn("mcp__s__b"), search},
		Defer: []string{"mcp__s__a", "mcp__s__b"}}); err != nil {
		t.Fatal(err)
	}
	a, _ := parent.Lookup("mcp__s__a")
	child, err := tool.Derive(parent, a, search)
	if err != nil {
		t.Fatal(err)
	}
	if !child.IsDeferred("mcp__s__a") || len(child.Defs()) != 1 {
		t.Errorf("child Defs %q, want only ToolSearch", defNames(child.Defs()))
	}
	bound, _ := child.Lookup("ToolSearch")
	if b, ok := bound.(*binder); !ok || b.reg != child {
		t.Error("the child's ToolSearch is not bound to the child's registry")
	}
	plain, err := tool.Derive(parent, a)
	if err != nil || plain.IsDeferred("mcp__s__a") || len(plain.Defs()) != 1 {
		t.Errorf("without a loader the tool must be sent whole: %q, %v", defNames(plain.Defs()), err)
	}
}
