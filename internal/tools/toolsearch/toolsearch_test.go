package toolsearch_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"corvid/internal/permission"
	"corvid/internal/provider"
	"corvid/internal/tool"
	"corvid/internal/tools/read"
	"corvid/internal/tools/toolsearch"
)

// deferredRegistry holds Read, n deferred MCP tools and ToolSearch.
func deferredRegistry(t *testing.T, n int) (*tool.Registry, *toolsearch.Tool) {
	t.Helper()
	reg, err := tool.NewRegistry(&tool.Func{ToolName: "Read", Schema: json.RawMessage(`{}`)})
	if err != nil {
		t.Fatal(err)
	}
	var c tool.Change
	for i := range n {
		name := fmt.Sprintf("mcp__s__tool_%03d", i)
		c.Put = append(c.Put, &tool.Func{ToolName: name, Desc: fmt.Sprintf("Tool number %d", i),
			Schema: json.RawMessage(fmt.Sprintf(`{"type":"object","properties":{"p%d":{"type":"string"}}}`, i))})
		c.Defer = append(c.Defer, name)
	}
	ts := toolsearch.New(reg)
	c.Put = append(c.Put, ts)
	if _, err := reg.Apply(c); err != nil {
		t.Fatal(err)
	}
	return reg, ts
}

func call(t *testing.T, ts tool.Tool, in string) (*tool.Result, toolsearch.Output) {
	t.Helper()
	if err := ts.ValidateInput(context.Background(), json.RawMessage(in)); err != nil {
		return tool.UseError(err.Error()), toolsearch.Output{}
	}
	res, err := ts.Call(context.Background(), tool.Call{Input: json.RawMessage(in), Progress: func(tool.Progress) {}})
	if err != nil {
		t.Fatal(err)
	}
	out, _ := res.Structured.(toolsearch.Output)
	return res, out
}

func defNames(defs []provider.ToolDef) []string {
	var out []string
	for _, d := range defs {
		out = append(out, d.Name)
	}
	return out
}

// TestSelectLoads: select: loads exactly the named deferred tools; their
// definitions follow the others in the next snapshot; an unknown name is
// reported; selecting a loaded tool again changes nothing.
func TestSelectLoads(t *testing.T) {
	reg, ts := deferredRegistry(t, 200)
	if got := defNames(reg.Defs()); !slices.Equal(got, []string{"Read", "ToolSearch"}) {
		t.Fatalf("before: %q", got)
	}
	res, out := call(t, ts, `{"query":"select:mcp__s__tool_150,nope,mcp__s__tool_007"}`)
	if res.IsError || !slices.Equal(out.Matches, []string{"mcp__s__tool_150", "mcp__s__tool_007"}) || out.TotalDeferredTools != 200 {
		t.Fatalf("result %q, %+v", res.TextOf(), out)
	}
	if !strings.Contains(res.TextOf(), "No tool is named: nope") || !strings.Contains(res.TextOf(), "- mcp__s__tool_150: Tool number 150") {
		t.Errorf("text %q", res.TextOf())
	}
	defs := reg.Snapshot().Defs()
	if got, want := defNames(defs), []string{"Read", "ToolSearch", "mcp__s__tool_150", "mcp__s__tool_007"}; !slices.Equal(got, want) {
		t.Fatalf("after: %q, want %q", got, want)
	}
	if string(defs[2].InputSchema) != `{"type":"object","properties":{"p150":{"type":"string"}}}` {
		t.Errorf("loaded schema %s", defs[2].InputSchema)
	}
	g := reg.Generation()
	if _, out := call(t, ts, `{"query":"select:mcp__s__tool_150"}`); len(out.Matches) != 1 || reg.Generation() != g {
		t.Errorf("selecting a loaded tool: %+v, generation %d → %d", out, g, reg.Generation())
	}
}

// TestKeywordsLoad: keywords load at most max_results matches; no match
// loads nothing and says so; a bad input is a tool_use_error.
func TestKeywordsLoad(t *testing.T) {
	reg, ts := deferredRegistry(t, 30)
	_, out := call(t, ts, `{"query":"number","max_results":3}`)
	if !slices.Equal(out.Matches, []string{"mcp__s__tool_000", "mcp__s__tool_001", "mcp__s__tool_002"}) {
		t.Errorf("matches %q", out.Matches)
	}
	if n := len(reg.Deferred()); n != 27 {
		t.Errorf("%d still deferred, want 27", n)
	}
	res, out := call(t, ts, `{"query":"+tool_029"}`)
	if !slices.Equal(out.Matches, []string{"mcp__s__tool_029"}) {
		t.Errorf("required term: %q (%s)", out.Matches, res.TextOf())
	}
	g := reg.Generation()
	res, out = call(t, ts, `{"query":"kubernetes"}`)
	if res.IsError || len(out.Matches) != 0 || !strings.Contains(res.TextOf(), `No deferred tool matched "kubernetes"`) || reg.Generation() != g {
		t.Errorf("no match: %q %+v", res.TextOf(), out)
	}
	// No match lists the names still deferred (a compaction may have
	// dropped the reminder that named them).
	if txt := res.TextOf(); !strings.Contains(txt, "\n\nDeferred tools:\nmcp__s__tool_003\n") || !strings.HasSuffix(txt, "\nmcp__s__tool_028") ||
		strings.Contains(txt, "tool_029") {
		t.Errorf("no match does not list the deferred tools: %q", txt)
	}
	for _, in := range []string{`{"query":""}`, `{"query":"select:"}`, `{"query":7}`, `{"query":"` + strings.Repeat("x", 1001) + `"}`} {
		if res, _ := call(t, ts, in); !res.IsError || !strings.HasPrefix(res.TextOf(), "<tool_use_error>") {
			t.Errorf("%s: %q, want a tool_use_error", in, res.TextOf())
		}
	}
}

// TestReadOnlyForPermissions: with no rule, in default mode, the real
// permission engine lets ToolSearch run without asking (there is no one
// to ask here: asking would deny); a deny rule still denies it.
func TestReadOnlyForPermissions(t *testing.T) {
	_, ts := deferredRegistry(t, 1)
	if !ts.IsReadOnly(nil) || tool.KindOf(ts) != tool.KindState {
		t.Fatal("ToolSearch must be read-only and of kind state")
	}
	for _, deny := range []bool{false, true} {
		// The run's built-in tools are described; ToolSearch joins later
		// and describes itself.
		cfg := permission.Config{Tools: []tool.Tool{read.New(nil)}, WorkDirs: []string{t.TempDir()}, Home: t.TempDir()}
		if deny {
			cfg.Deny = []permission.RuleSource{{Text: "ToolSearch", Source: "cli"}}
		}
		gate, errs := permission.New(cfg)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		in := json.RawMessage(`{"query":"select:mcp__s__tool_000"}`)
		d := gate.Check(context.Background(), permission.Request{Tool: ts, Input: in, ToolCheck: ts.CheckPermissions(context.Background(), in)})
		want := tool.PermissionAllow
		if deny {
			want = tool.PermissionDeny
		}
		if d.Behavior != want {
			t.Errorf("deny rule %v: %s (%s), want %s", deny, d.Behavior, d.Reason, want)
		}
	}
}

// TestAnnouncer: the first note lists every deferred tool; later notes
// only what changed; loaded tools are not "gone".
func TestAnnouncer(t *testing.T) {
	reg, ts := deferredRegistry(t, 3)
	a := toolsearch.NewAnnouncer(reg)
	first := a.Notes()
	if len(first) != 1 || !strings.Contains(first[0], "mcp__s__tool_000\nmcp__s__tool_001\nmcp__s__tool_002") {
		t.Fatalf("first notes %q", first)
	}
	if n := a.Notes(); len(n) != 0 {
		t.Errorf("nothing changed, notes %q", n)
	}
	call(t, ts, `{"query":"select:mcp__s__tool_001"}`)
	if _, err := reg.Apply(tool.Change{Remove: []string{"mcp__s__tool_002"}, Defer: []string{"mcp__s__new"},
		Put: []tool.Tool{&tool.Func{ToolName: "mcp__s__new", Schema: json.RawMessage(`{}`)}}}); err != nil {
		t.Fatal(err)
	}
	n := a.Notes()
	if len(n) != 2 || !strings.HasSuffix(n[0], ":\nmcp__s__new") || !strings.HasSuffix(n[1], ":\nmcp__s__tool_002") {
		t.Errorf("notes after a change %q", n)
	}
}

// TestSubAgentLoadsIntoItsOwnRegistry: a sub-agent's registry, derived
// from the conversation's, keeps the tools deferred, and its ToolSearch
// loads into it, not into the parent's.
func TestSubAgentLoadsIntoItsOwnRegistry(t *testing.T) {
	parent, _ := deferredRegistry(t, 3)
	child, err := tool.Derive(parent, parent.Tools()...)
	if err != nil {
		t.Fatal(err)
	}
	ts, _ := child.Lookup(toolsearch.Name)
	call(t, ts, `{"query":"select:mcp__s__tool_002"}`)
	if got := defNames(child.Defs()); !slices.Equal(got, []string{"Read", "ToolSearch", "mcp__s__tool_002"}) {
		t.Errorf("child Defs %q", got)
	}
	if got := defNames(parent.Defs()); !slices.Equal(got, []string{"Read", "ToolSearch"}) {
		t.Errorf("the child's search loaded into the parent: %q", got)
	}
}
