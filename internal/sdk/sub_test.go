package sdk

import (
	"encoding/json"
	"testing"

	"corvid/internal/event"
	"corvid/internal/provider"
)

// A sub-agent's messages are frames carrying the Agent call's id in
// parent_tool_use_id; its init and result are not frames (the parent's
// result stays the only one).
func TestSubAgentFrames(t *testing.T) {
	sub := func(ev event.Event) event.Event {
		return event.WithOrigin(ev, event.Origin{ParentToolUseID: "toolu_agent", AgentID: "a1"})
	}
	out := render(t, testOpts(FormatStreamJSON), evInit,
		sub(event.Init{SessionID: "sess-1"}),
		sub(event.UserText{UUID: "u-1", Text: "find it"}),
		sub(evText),
		sub(event.ToolResult{UUID: "u-2", ToolUseID: "toolu_r", Block: provider.ToolResultBlock("toolu_r", "x", false)}),
		sub(event.Delta{Kind: event.KindText, Text: "x"}),
		sub(event.Result{Subtype: event.SubtypeSuccess}),
		sub(event.Notice{Text: "n"}))
	ls := lines(t, out)
	if len(ls) != 5 {
		t.Fatalf("%d frames, want init + 4 sub-agent frames:\n%s", len(ls), out)
	}
	for _, l := range ls[1:] {
		var f struct {
			Type   string  `json:"type"`
			Parent *string `json:"parent_tool_use_id"`
		}
		if err := json.Unmarshal([]byte(l), &f); err != nil {
			t.Fatal(err)
		}
		if f.Parent == nil || *f.Parent != "toolu_agent" {
			t.Errorf("frame %s: parent_tool_use_id not the Agent call's", l)
		}
	}
}
