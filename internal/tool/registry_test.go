package tool_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"corvid/internal/tool"
)

func fn(name string, aliases ...string) *tool.Func {
	return &tool.Func{ToolName: name, ToolAliases: aliases, Desc: name + " does things",
		Schema: json.RawMessage(`{"type":"object","title":"` + name + `"}`)}
}

func mustRegistry(t *testing.T, tools ...tool.Tool) *tool.Registry {
	t.Helper()
	r, err := tool.NewRegistry(tools...)
	if err != nil {
		t.Fatalf("NewRegistry: %v", err)
	}
	return r
}

func TestRegistryLookup(t *testing.T) {
	read, bash := fn("Read"), fn("Bash", "Shell", "Sh")
	r := mustRegistry(t, read, bash)
	tests := []struct {
		name string
		want tool.Tool // nil: not found
	}{
		{"Read", read},
		{"Bash", bash},
		{"Shell", bash},
		{"Sh", bash},
		{"bash", nil}, // names are case-sensitive
		{"", nil},
		{"Write", nil},
	}
	for _, tt := range tests {
		got, ok := r.Lookup(tt.name)
		if ok != (tt.want != nil) || got != tt.want {
			t.Errorf("Lookup(%q) = %v, %v; want %v", tt.name, got, ok, tt.want)
		}
	}
}

func TestNilRegistry(t *testing.T) {
	var r *tool.Registry
	if got, ok := r.Lookup("Read"); ok || got != nil {
		t.Errorf("nil.Lookup = %v, %v; want nil, false", got, ok)
	}
	if r.Tools() != nil || r.Names() != nil || r.Defs() != nil {
		t.Errorf("nil registry: Tools %v, Names %v, Defs %v; want all nil", r.Tools(), r.Names(), r.Defs())
	}
	if n := r.Without("Read").Names(); len(n) != 0 {
		t.Errorf("nil.Without().Names() = %q, want none", n)
	}
}

func TestNewRegistryRejects(t *testing.T) {
	tests := []struct {
		name  string
		tools []tool.Tool
		want  string // substring of the error
	}{
		{"duplicate name", []tool.Tool{fn("Read"), fn("Read")}, `duplicate tool name "Read"`},
		{"alias equals a name", []tool.Tool{fn("Read"), fn("Cat", "Read")}, `duplicate tool name "Read"`},
		{"name equals an alias", []tool.Tool{fn("Cat", "Read"), fn("Read")}, `duplicate tool name "Read"`},
		{"alias equals an alias", []tool.Tool{fn("A", "X"), fn("B", "X")}, `duplicate tool name "X"`},
		{"alias repeats own name", []tool.Tool{fn("A", "A")}, `duplicate tool name "A"`},
		{"alias repeated", []tool.Tool{fn("A", "X", "X")}, `duplicate tool name "X"`},
		{"empty name", []tool.Tool{fn("")}, "empty name"},
		{"empty alias", []tool.Tool{fn("A", "")}, "empty name"},
		{"nil tool", []tool.Tool{fn("A"), nil}, "nil tool"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := tool.NewRegistry(tt.tools...)
			if err == nil {
				t.Fatalf("NewRegistry succeeded with names %q, want an error", r.Names())
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error = %q, want it to contain %q", err, tt.want)
			}
		})
	}
}

func TestRegistryOrderAndCopies(t *testing.T) {
	c, a, b := fn("C"), fn("A", "Alpha"), fn("B")
	r := mustRegistry(t, c, a, b)
	want := []string{"C", "A", "B"}
	if got := r.Names(); !slices.Equal(got, want) {
		t.Fatalf("Names() = %q, want registration order %q", got, want)
	}
	tools := r.Tools()
	if len(tools) != 3 || tools[0] != c || tools[1] != a || tools[2] != b {
		t.Fatalf("Tools() = %v, want [C A B] in registration order", tools)
	}

	tools[0] = fn("Intruder")
	names := r.Names()
	names[0] = "Intruder"
	if got := r.Names(); !slices.Equal(got, want) {
		t.Errorf("after mutating returned slices Names() = %q, want %q unchanged", got, want)
	}
	if got, _ := r.Lookup("C"); got != c {
		t.Errorf("after mutating Tools() Lookup(C) = %v, want the original tool", got)
	}

	empty := mustRegistry(t)
	if n := empty.Names(); len(n) != 0 {
		t.Errorf("empty registry Names() = %q, want none", n)
	}
}

func TestRegistryWithout(t *testing.T) {
	r := mustRegistry(t, fn("Read"), fn("Bash", "Shell"), fn("Edit", "Update"), fn("Glob"))
	tests := []struct {
		name    string
		without []string
		want    []string
	}{
		{"nothing", nil, []string{"Read", "Bash", "Edit", "Glob"}},
		{"by name", []string{"Bash"}, []string{"Read", "Edit", "Glob"}},
		{"by alias", []string{"Shell"}, []string{"Read", "Edit", "Glob"}},
		{"several", []string{"Read", "Update"}, []string{"Bash", "Glob"}},
		{"unknown names are ignored", []string{"Write", "bash"}, []string{"Read", "Bash", "Edit", "Glob"}},
		{"everything", []string{"Read", "Shell", "Edit", "Glob"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := r.Without(tt.without...)
			if got := w.Names(); !slices.Equal(got, tt.want) {
				t.Errorf("Without(%q).Names() = %q, want %q", tt.without, got, tt.want)
			}
			for _, n := range tt.without {
				if _, ok := w.Lookup(n); ok {
					t.Errorf("Without(%q).Lookup(%q) found a tool", tt.without, n)
				}
			}
			for _, n := range tt.want {
				if _, ok := w.Lookup(n); !ok {
					t.Errorf("Without(%q).Lookup(%q) found nothing", tt.without, n)
				}
			}
		})
	}
	if _, ok := r.Without("Bash").Lookup("Shell"); ok {
		t.Error("removing Bash by name kept its alias Shell")
	}
	if got := r.Names(); len(got) != 4 {
		t.Errorf("Without changed the original registry: Names() = %q", got)
	}
	if _, ok := r.Without("Edit").Lookup("Update"); ok {
		t.Error("removing Edit by name kept its alias Update")
	}
	if _, ok := r.Without("Read").Lookup("Update"); !ok {
		t.Error("Without(Read) lost the alias Update of a kept tool")
	}
}

func TestRegistryDefs(t *testing.T) {
	r := mustRegistry(t, fn("Read", "Cat"), fn("Bash"))
	defs := r.Defs()
	if len(defs) != 2 {
		t.Fatalf("Defs() has %d entries, want 2: %+v", len(defs), defs)
	}
	for i, name := range []string{"Read", "Bash"} {
		d := defs[i]
		wantSchema := `{"type":"object","title":"` + name + `"}`
		if d.Name != name || d.Description != name+" does things" || string(d.InputSchema) != wantSchema {
			t.Errorf("Defs()[%d] = {%q, %q, %s}, want {%q, %q, %s}", i,
				d.Name, d.Description, d.InputSchema, name, name+" does things", wantSchema)
		}
		if d.CacheControl != nil {
			t.Errorf("Defs()[%d].CacheControl = %+v, want nil (breakpoints are the engine's choice)", i, d.CacheControl)
		}
	}
	if defs := mustRegistry(t).Defs(); len(defs) != 0 {
		t.Errorf("empty registry Defs() = %+v, want none", defs)
	}
}
