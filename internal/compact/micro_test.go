package compact

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"corvid/internal/provider"
)

// readHistory is a prompt followed by n Read calls, each with a result of
// size chars.
func readHistory(n, size int) []provider.Message {
	msgs := []provider.Message{user(text("look around"))}
	for i := range n {
		msgs = append(msgs, toolTurn(fmt.Sprintf("r%d", i), "Read", strings.Repeat("x", size))...)
	}
	return append(msgs, assistant(text("done")))
}

// rerun are the tools whose results the tests let Micro clear (the
// engine passes the offered tools that say so).
var rerun = []string{"Read", "Bash", "BashOutput", "Grep", "Glob", "WebFetch"}

// stubbed lists the ids of cleared results, in order.
func stubbed(msgs []provider.Message) []string {
	var ids []string
	for _, m := range msgs {
		for _, b := range m.Content {
			if b.Type == provider.BlockToolResult && isStub(b) {
				ids = append(ids, b.ToolUseID)
			}
		}
	}
	return ids
}

func TestMicroKeepsRecentAndClearsOld(t *testing.T) {
	msgs := readHistory(8, 5_000)
	before := snapshot(t, msgs)
	out, freed := Micro(msgs, MicroOptions{Tools: rerun})
	if got, want := stubbed(out), []string{"r0", "r1"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("cleared %v, want %v", got, want)
	}
	stub := stubText("Read")
	if want := 2 * (5_000 - len(stub)) / 4; freed != want {
		t.Errorf("freed %d tokens, want %d", freed, want)
	}
	if !strings.Contains(out[2].Content[0].Content[0].Text, "Read again") {
		t.Errorf("stub does not say the tool can be run again: %q", out[2].Content[0].Content[0].Text)
	}
	if snapshot(t, msgs) != before {
		t.Fatal("Micro modified its input")
	}
	// Untouched messages are shared, touched ones copied.
	if &out[6].Content[0] != &msgs[6].Content[0] {
		t.Error("an untouched message was copied")
	}
	if &out[2].Content[0] == &msgs[2].Content[0] {
		t.Error("a touched message shares its content with the input")
	}
	again, freed2 := Micro(out, MicroOptions{Tools: rerun})
	if freed2 != 0 || snapshot(t, again) != snapshot(t, out) {
		t.Errorf("second pass changed the history or freed %d tokens", freed2)
	}
}

func TestMicroSelection(t *testing.T) {
	big := strings.Repeat("y", 3_000)
	msgs := []provider.Message{user(text("go"))}
	msgs = append(msgs, toolTurn("e1", "Edit", big)...)    // not a listed tool
	msgs = append(msgs, toolTurn("s1", "Read", "tiny")...) // too small
	msgs = append(msgs, assistant(call("b1", "Bash", `{}`), call("g1", "Grep", `{}`)))
	errResult := provider.ToolResultBlock("b1", big, true)
	imgResult := provider.Block{Type: provider.BlockToolResult, ToolUseID: "g1",
		Content: []provider.Block{image()}}
	msgs = append(msgs, user(errResult, imgResult))
	msgs = append(msgs, assistant(text("ok")))

	out, freed := Micro(msgs, MicroOptions{KeepRecent: -1, Tools: rerun})
	if got, want := stubbed(out), []string{"b1", "g1"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("cleared %v, want %v", got, want)
	}
	if freed <= 0 {
		t.Errorf("freed %d tokens", freed)
	}
	b := out[6].Content[0]
	if b.ToolUseID != "b1" || !b.IsError {
		t.Errorf("cleared result lost its id or error flag: %+v", b)
	}
	if got := out[6].Content[1].Content; len(got) != 1 || got[0].Type != provider.BlockText {
		t.Errorf("image result not replaced by text: %+v", got)
	}
	if out[2].Content[0].Content[0].Text != big {
		t.Error("an Edit result was cleared")
	}
	if err := Validate(out); err != nil {
		t.Errorf("micro-compacted history invalid: %v", err)
	}
}

func TestMicroOptions(t *testing.T) {
	msgs := readHistory(3, 500)
	if out, freed := Micro(msgs, MicroOptions{Tools: rerun}); freed != 0 || &out[0] != &msgs[0] {
		t.Errorf("nothing to clear, yet freed %d or copied the history", freed)
	}
	out, _ := Micro(msgs, MicroOptions{KeepRecent: 1, MinChars: 100, Tools: rerun})
	if got := stubbed(out); !reflect.DeepEqual(got, []string{"r0", "r1"}) {
		t.Errorf("KeepRecent 1, MinChars 100: cleared %v", got)
	}
	out, _ = Micro(msgs, MicroOptions{KeepRecent: -1, Tools: []string{"Bash"}})
	if got := stubbed(out); got != nil {
		t.Errorf("Tools [Bash] cleared Read results %v", got)
	}
	out, _ = Micro(msgs, MicroOptions{KeepRecent: -1, MinChars: -1})
	if got := stubbed(out); got != nil {
		t.Errorf("no tool list cleared %v; only tools that say so may be cleared", got)
	}
}
