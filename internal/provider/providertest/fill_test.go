package providertest

import (
	"testing"

	"corvid/internal/provider"
)

// A placeholder takes the id-like word after its prefix in the named
// tool result; one that finds nothing is left as it is.
func TestFillFromResults(t *testing.T) {
	req := Request{Messages: []provider.Message{{Role: "user", Content: []provider.Block{{
		Type: provider.BlockToolResult, ToolUseID: "toolu_bg",
		Content: []provider.Block{provider.TextBlock("Async agent launched.\nagentId: a1b2c3 (x)")}}}}}}
	turn := Turn{Blocks: []Block{
		{Type: "tool_use", Input: []byte(`{"a":"{{result:toolu_bg:agentId: }}","b":"{{result:toolu_x:agentId: }}"}`)},
		{Type: "text", Text: "{{result:toolu_bg:agentId: }}"}}}
	got := fillFromResults(turn, req)
	if s := string(got.Blocks[0].Input); s != `{"a":"a1b2c3","b":"{{result:toolu_x:agentId: }}"}` {
		t.Errorf("filled input %s", s)
	}
	if got.Blocks[1].Text != "{{result:toolu_bg:agentId: }}" || string(turn.Blocks[0].Input) == string(got.Blocks[0].Input) {
		t.Error("text blocks changed or the scenario's own turn was modified")
	}
}
