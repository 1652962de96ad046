package sdktest

import (
	"encoding/json"
	"os"
	"testing"
)

// The official SDK's Query.getContextUsage against corvid after one turn,
// checked against Claude Code 2.1.332's answer to the same script
// (testdata/contextusage.claude.json, re-recorded by
// rerecord_contextusage.sh): every field corvid sends is one Claude Code
// sends, with the SDK's required ones present; each row has a known id and
// kind and, where Claude Code drew the same row, its colour; the rows add
// up to the window; the compaction reserve is Claude Code's for the model.
func TestContextUsage(t *testing.T) {
	r := runScript(t, "contextusage.mjs", turns(say("hi there")))
	if r.get(t, "result") != "success" {
		t.Fatalf("result: %v", r.summary)
	}
	got, _ := r.get(t, "usage").(map[string]any)
	var rec struct {
		Usage map[string]any `json:"usage"`
	}
	data, err := os.ReadFile("testdata/contextusage.claude.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	want := rec.Usage
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("field %q is not in Claude Code's answer", k)
		}
	}
	for _, k := range []string{"categories", "totalTokens", "maxTokens", "rawMaxTokens", "percentage",
		"gridRows", "model", "memoryFiles", "mcpTools", "agents", "isAutoCompactEnabled"} {
		if _, ok := got[k]; !ok {
			t.Errorf("required field %q is missing", k)
		}
	}
	if got["maxTokens"] != want["maxTokens"] || got["model"] != want["model"] {
		t.Errorf("window %v of %v, want %v of %v", got["maxTokens"], got["model"], want["maxTokens"], want["model"])
	}
	rows := byID(t, got)
	ccRows := byID(t, want)
	ids := map[string]bool{"system_prompt": true, "system_tools": true, "mcp_tools": true, "memory_files": true,
		"messages": true, "autocompact_buffer": true, "free_space": true}
	sum, used := 0.0, 0.0
	for id, row := range rows {
		if !ids[id] {
			t.Errorf("row id %q is not one corvid should send", id)
		}
		if cc, ok := ccRows[id]; ok && (cc["color"] != row["color"] || cc["kind"] != row["kind"] || cc["name"] != row["name"]) {
			t.Errorf("row %s = %v, Claude Code's %v", id, row, cc)
		}
		n, _ := row["tokens"].(float64)
		sum += n
		if row["kind"] == "used" {
			used += n
		}
	}
	// The SDK sends an empty system prompt unless told one: no row for it.
	for _, id := range []string{"system_tools", "messages", "free_space", "autocompact_buffer"} {
		if n, _ := rows[id]["tokens"].(float64); n <= 0 {
			t.Errorf("row %s has no tokens: %v", id, rows[id])
		}
	}
	if sum != got["maxTokens"] || used != got["totalTokens"] {
		t.Errorf("rows add to %v (used %v), want the window %v (total %v)", sum, used, got["maxTokens"], got["totalTokens"])
	}
	if rows["autocompact_buffer"]["tokens"] != ccRows["autocompact_buffer"]["tokens"] ||
		got["autoCompactThreshold"] != want["autoCompactThreshold"] {
		t.Errorf("reserve %v, threshold %v; Claude Code's %v, %v", rows["autocompact_buffer"]["tokens"],
			got["autoCompactThreshold"], ccRows["autocompact_buffer"]["tokens"], want["autoCompactThreshold"])
	}
}

// byID indexes an answer's categories by id.
func byID(t *testing.T, usage map[string]any) map[string]map[string]any {
	t.Helper()
	cats, ok := usage["categories"].([]any)
	if !ok {
		t.Fatalf("no categories in %v", usage)
	}
	out := map[string]map[string]any{}
	for _, c := range cats {
		row, _ := c.(map[string]any)
		id, _ := row["id"].(string)
		if _, dup := out[id]; dup || id == "" {
			t.Errorf("row without an id or twice: %v", row)
		}
		out[id] = row
	}
	return out
}
