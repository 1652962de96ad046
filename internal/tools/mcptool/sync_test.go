package mcptool_test

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"testing"

	mcpc "corvid/internal/mcp"
	"corvid/internal/provider"
	"corvid/internal/tool"
	"corvid/internal/tools/mcptool"
)

// fakeSource is a set of servers whose tool lists the test edits.
type fakeSource struct {
	mu    sync.Mutex
	tools []mcpc.ServerTool
}

func (f *fakeSource) set(tools ...mcpc.ServerTool) {
	f.mu.Lock()
	f.tools = tools
	f.mu.Unlock()
}

func (f *fakeSource) Tools() []mcpc.ServerTool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.tools)
}

func (f *fakeSource) Call(context.Context, string, string, json.RawMessage, func(mcpc.Progress)) (*mcpc.CallToolResult, error) {
	return &mcpc.CallToolResult{Content: []mcpc.Content{{Type: "text", Text: "ok"}}}, nil
}

func st(server, name, desc string) mcpc.ServerTool {
	return mcpc.ServerTool{Server: server, Tool: mcpc.Tool{Name: name, Description: desc,
		InputSchema: json.RawMessage(`{"type":"object"}`)}}
}

func names(defs []provider.ToolDef) []string {
	var out []string
	for _, d := range defs {
		out = append(out, d.Name)
	}
	return out
}

// TestSyncFollowsServers: tools of a server that connects late are
// appended; a list change removes, replaces in place and appends; an
// unchanged list makes no new generation; hidden tools never appear;
// nothing happens before Start.
func TestSyncFollowsServers(t *testing.T) {
	reg, _ := tool.NewRegistry(&tool.Func{ToolName: "Read", Schema: json.RawMessage(`{}`)})
	src := &fakeSource{}
	src.set(st("a", "one", "1"), st("a", "two", "2"), st("a", "secret", "s"))
	s := mcptool.NewSync(reg, mcptool.Options{}, func(n string) bool { return n == "mcp__a__secret" }, mcptool.Deferral{})
	s.Changed("a")
	if got := reg.Names(); !slices.Equal(got, []string{"Read"}) {
		t.Fatalf("Changed before Start synced: %q", got)
	}
	if err := s.Start(src); err != nil {
		t.Fatal(err)
	}
	if got, want := reg.Names(), []string{"Read", "mcp__a__one", "mcp__a__two"}; !slices.Equal(got, want) {
		t.Fatalf("after Start %q, want %q", got, want)
	}
	g := reg.Generation()
	s.Changed("a")
	if reg.Generation() != g {
		t.Errorf("an unchanged list made a new generation")
	}
	// Server b connects late: its tools come after a's.
	src.set(st("a", "one", "1"), st("a", "two", "2"), st("b", "x", "x"))
	s.Changed("b")
	if got, want := reg.Names(), []string{"Read", "mcp__a__one", "mcp__a__two", "mcp__b__x"}; !slices.Equal(got, want) {
		t.Errorf("after b connected %q, want %q", got, want)
	}
	// a's list changes: one goes, two is described anew, three arrives.
	src.set(st("a", "two", "2, better"), st("a", "three", "3"), st("b", "x", "x"))
	g = reg.Generation()
	s.Changed("a")
	if reg.Generation() != g+1 {
		t.Errorf("one list change made %d generations", reg.Generation()-g)
	}
	defs := reg.Defs()
	if got, want := names(defs), []string{"Read", "mcp__a__two", "mcp__b__x", "mcp__a__three"}; !slices.Equal(got, want) {
		t.Errorf("after a's change %q, want %q", got, want)
	}
	if defs[1].Description != "2, better" {
		t.Errorf("mcp__a__two not replaced: %q", defs[1].Description)
	}
	tl, _ := reg.Lookup("mcp__a__three")
	res, err := tl.Call(context.Background(), tool.Call{Input: json.RawMessage(`{}`)})
	if err != nil || res.TextOf() != "ok" {
		t.Errorf("calling an added tool: %v %v", res, err)
	}
}

// TestSyncDefers: over the threshold every MCP tool is deferred and the
// search tool joins; tools added later are deferred too; a loaded tool
// stays loaded when the list changes around it.
func TestSyncDefers(t *testing.T) {
	reg, _ := tool.NewRegistry(&tool.Func{ToolName: "Read", Schema: json.RawMessage(`{}`)})
	src := &fakeSource{}
	src.set(st("a", "one", "1"))
	search := &tool.Func{ToolName: "ToolSearch", Schema: json.RawMessage(`{}`)}
	over := false
	s := mcptool.NewSync(reg, mcptool.Options{}, nil, mcptool.Deferral{Search: search,
		Exceeds: func(ts []tool.Tool) bool { return over && len(ts) > 0 }})
	if err := s.Start(src); err != nil {
		t.Fatal(err)
	}
	if got := names(reg.Defs()); !slices.Equal(got, []string{"Read", "mcp__a__one"}) || s.Deferring() {
		t.Fatalf("under the threshold: %q", got)
	}
	over = true
	src.set(st("a", "one", "1"), st("a", "two", "2"))
	s.Changed("a")
	if got := names(reg.Defs()); !slices.Equal(got, []string{"Read", "ToolSearch"}) {
		t.Fatalf("over the threshold Defs = %q, want Read and ToolSearch", got)
	}
	if !reg.IsDeferred("mcp__a__one") || !reg.IsDeferred("mcp__a__two") {
		t.Error("MCP tools not deferred")
	}
	if _, err := reg.Load("mcp__a__two"); err != nil {
		t.Fatal(err)
	}
	over = false // deferral, once started, goes on
	src.set(st("a", "one", "1"), st("a", "two", "2"), st("a", "three", "3"))
	s.Changed("a")
	if !reg.IsDeferred("mcp__a__three") || reg.IsDeferred("mcp__a__two") {
		t.Errorf("after a change: three deferred %v (want true), two deferred %v (want false)",
			reg.IsDeferred("mcp__a__three"), reg.IsDeferred("mcp__a__two"))
	}
	if got := names(reg.Defs()); !slices.Equal(got, []string{"Read", "ToolSearch", "mcp__a__two"}) {
		t.Errorf("Defs = %q", got)
	}
}

// TestSyncNoDeferralWithoutSearch: when deny rules hide ToolSearch, tools
// over the threshold are sent whole rather than deferred out of reach.
func TestSyncNoDeferralWithoutSearch(t *testing.T) {
	reg, _ := tool.NewRegistry(&tool.Func{ToolName: "Read", Schema: json.RawMessage(`{}`)})
	src := &fakeSource{}
	src.set(st("a", "one", "1"))
	s := mcptool.NewSync(reg, mcptool.Options{}, func(n string) bool { return n == "ToolSearch" }, mcptool.Deferral{
		Search:  &tool.Func{ToolName: "ToolSearch", Schema: json.RawMessage(`{}`)},
		Exceeds: func([]tool.Tool) bool { return true }})
	if err := s.Start(src); err != nil {
		t.Fatal(err)
	}
	if got := names(reg.Defs()); !slices.Equal(got, []string{"Read", "mcp__a__one"}) || s.Deferring() {
		t.Errorf("with ToolSearch hidden: Defs %q, deferring %v", got, s.Deferring())
	}
}
