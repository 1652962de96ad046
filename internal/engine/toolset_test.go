package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"testing"

	"corvid/internal/provider/providertest"
	"corvid/internal/tool"
)

// sentTools returns the tool definitions of a recorded request, as sent.
func sentTools(t *testing.T, r providertest.Request) []json.RawMessage {
	t.Helper()
	var body struct {
		Tools []json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(r.Body, &body); err != nil {
		t.Fatal(err)
	}
	return body.Tools
}

func toolNames(t *testing.T, defs []json.RawMessage) []string {
	t.Helper()
	var out []string
	for _, d := range defs {
		var x struct{ Name string }
		if err := json.Unmarshal(d, &x); err != nil {
			t.Fatal(err)
		}
		out = append(out, x.Name)
	}
	return out
}

// A tool that appears mid-conversation (an MCP server connecting late)
// is offered from the next request on, after the earlier tools, whose
// definitions stay byte-identical; while nothing changes, the whole
// tools array is byte-identical (the prompt cache keeps its prefix).
func TestToolsChangeBetweenRequests(t *testing.T) {
	late := &tool.Func{ToolName: "mcp__late__ping", Desc: "ping", Schema: json.RawMessage(`{"type":"object"}`),
		Run: func(context.Context, tool.Call) (*tool.Result, error) { return tool.Text("pong"), nil }}
	var reg *tool.Registry
	f := newFixture(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{sleep("a", 1)}},
		{Blocks: []providertest.Block{providertest.Text("one")}},
		{Blocks: []providertest.Block{providertest.ToolUse("b", "mcp__late__ping", map[string]any{})}},
		{Blocks: []providertest.Block{providertest.Text("two")}},
		{Blocks: []providertest.Block{providertest.Text("three")}},
	}}, func(c *Config) { reg = c.Tools })
	f.submit(t, t.Context(), "first")
	before := reg.Generation()
	if err := reg.Add(late); err != nil {
		t.Fatal(err)
	}
	if reg.Generation() == before {
		t.Error("adding a tool did not make a new generation")
	}
	res := f.submit(t, t.Context(), "second")
	if res.IsError || res.Text != "two" {
		t.Fatalf("result %+v", res)
	}
	if n, err := reg.Remove("Fail"); n != 1 || err != nil {
		t.Fatalf("Remove = %d, %v", n, err)
	}
	f.submit(t, t.Context(), "third")

	reqs := f.srv.Requests()
	if len(reqs) != 5 {
		t.Fatalf("%d requests, want 5", len(reqs))
	}
	r0, r1, r2, r4 := sentTools(t, reqs[0]), sentTools(t, reqs[1]), sentTools(t, reqs[2]), sentTools(t, reqs[4])
	if !slices.EqualFunc(r0, r1, func(a, b json.RawMessage) bool { return bytes.Equal(a, b) }) {
		t.Errorf("unchanged tools sent differently:\n%s\n%s", r0, r1)
	}
	names := toolNames(t, r1)
	if got, want := toolNames(t, r2), append(slices.Clone(names), "mcp__late__ping"); !slices.Equal(got, want) {
		t.Errorf("after Add: tools %q, want %q", got, want)
	}
	// The earlier definitions are unchanged, except the cache marker that
	// moves to the new last tool.
	for i := range len(r1) - 1 {
		if !bytes.Equal(r1[i], r2[i]) {
			t.Errorf("tool %d changed:\n%s\n%s", i, r1[i], r2[i])
		}
	}
	if got := lastUser(reqs[3]); len(got.Content) == 0 || got.Content[0].IsError {
		t.Errorf("the late tool's call did not run: %+v", got)
	}
	want := slices.DeleteFunc(append(slices.Clone(names), "mcp__late__ping"), func(n string) bool { return n == "Fail" })
	if got := toolNames(t, r4); !slices.Equal(got, want) {
		t.Errorf("after Remove: tools %q, want %q", got, want)
	}
}
