package engine

import (
	"strings"
	"testing"

	"corvid/internal/event"
	"corvid/internal/provider/providertest"
)

const wantTranscriptErr = "the transcript could not be saved: /cfg/s.jsonl: no space left on device"

// When the record breaks before a call with side effects, the call is not
// run: it gets an error result saying why, no further request is sent and
// the turn ends with an error.
func TestRecordFailureRefusesSideEffects(t *testing.T) {
	spy := &spyRecorder{failOn: "assistant m1 tool_use x"}
	f := newFixture(t, providertest.Scenario{AllowUnused: true, Turns: []providertest.Turn{
		{MessageID: "m1", Blocks: []providertest.Block{sleep("r", 1),
			providertest.ToolUse("x", "Exclusive", map[string]int{"ms": 1})}},
		{MessageID: "m2", Blocks: []providertest.Block{providertest.Text("never")}},
	}}, func(c *Config) { c.Transcript = spy })
	res := f.submit(t, t.Context(), "go")
	if _, ran := f.log.starts["x"]; ran {
		t.Error("the side-effecting call ran although its request could not be recorded")
	}
	if _, ran := f.log.starts["r"]; !ran {
		t.Error("the read-only call did not run")
	}
	results := eventsOf[event.ToolResult](f)
	var xText string
	for _, r := range results {
		if r.ToolUseID == "x" {
			xText = r.Block.Content[0].Text
			if !r.Block.IsError {
				t.Error("the refused call's result is not an error")
			}
		}
	}
	if !strings.Contains(xText, wantTranscriptErr) {
		t.Errorf("refused call's result %q", xText)
	}
	if n := len(f.srv.Requests()); n != 1 {
		t.Errorf("%d requests after the record broke, want 1", n)
	}
	checkTranscriptError(t, res)
}

// A record that breaks at the very end (the final cost state) still turns
// the turn's success into an error.
func TestRecordFailureAtTurnEnd(t *testing.T) {
	spy := &spyRecorder{failOn: "cost"}
	f := newFixture(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("done")}},
	}}, func(c *Config) { c.Transcript = spy })
	checkTranscriptError(t, f.submit(t, t.Context(), "go"))
}

func checkTranscriptError(t *testing.T, res event.Result) {
	t.Helper()
	if !res.IsError || res.Subtype != event.SubtypeDuringExecution || res.TerminalReason != reasonTranscript ||
		len(res.Errors) != 1 || res.Errors[0] != wantTranscriptErr {
		t.Errorf("result %+v, want an error_during_execution saying %q", res, wantTranscriptErr)
	}
}
