package session

import (
	"errors"
	"slices"
	"testing"

	"corvid/internal/provider"
)

func promptTexts(ps []Prompt) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Text)
	}
	return out
}

// Only what the user typed is a prompt: not the opening reminders (meta),
// tool results, an interrupt's marker, a `!` command's notes or a custom
// command's expanded body (shown as "/name args"). Each prompt's Before
// loads the conversation as it stood just before it.
func TestTranscriptPrompts(t *testing.T) {
	w, path := newTestWriter(t)
	must(w.User([]provider.Block{text("<system-reminder>date</system-reminder>")}, UserOptions{IsMeta: true}))
	must(w.User([]provider.Block{text("fix the bug")}, UserOptions{}))
	must(w.Assistant(AssistantEntry{MessageID: "m1", Model: "x", Block: toolUse("t1", "Bash", `{}`)}))
	must(w.ToolResult(result("t1", "ok"), nil, ""))
	must(w.User([]provider.Block{text("[Request interrupted by user for tool use]")}, UserOptions{}))
	must(w.User([]provider.Block{text("<bash-input>ls</bash-input>\n<bash-stdout>a</bash-stdout>"), text("now this")}, UserOptions{}))
	must(w.Assistant(AssistantEntry{MessageID: "m2", Model: "x", Block: text("done")}))
	must(w.User([]provider.Block{text("<command-message>rev</command-message>\n<command-name>/rev</command-name>\n<command-args>a.go</command-args>\n"),
		text("Review the file a.go carefully")}, UserOptions{}))
	must(w.Assistant(AssistantEntry{MessageID: "m3", Model: "x", Block: text("reviewed")}))
	must(w.User([]provider.Block{text("<bash-input>pwd</bash-input>")}, UserOptions{}))
	tr := load(t, path)
	if got, want := promptTexts(tr.Prompts), []string{"fix the bug", "now this", "/rev a.go"}; !slices.Equal(got, want) {
		t.Fatalf("prompts = %q, want %q", got, want)
	}
	for _, p := range tr.Prompts {
		if p.At.IsZero() {
			t.Errorf("prompt %q has no time", p.Text)
		}
	}
	at := must(LoadAt(path, tr.Prompts[1].Before))
	want := []provider.Message{user(text("<system-reminder>date</system-reminder>"), text("fix the bug")),
		assistant(toolUse("t1", "Bash", `{}`)), user(result("t1", "ok"), text("[Request interrupted by user for tool use]"))}
	if d := diffMessages(want, at.Messages); d != "" {
		t.Errorf("LoadAt before the second prompt (-want +got):\n%s", d)
	}
	if first := must(LoadAt(path, tr.Prompts[0].Before)); len(first.Messages) != 1 || first.Messages[0].Content[0].Text != "<system-reminder>date</system-reminder>" {
		t.Errorf("LoadAt before the first prompt = %+v, want the opening only", first.Messages)
	}
	if _, err := LoadAt(path, Mark{leaf: "no-such-uuid"}); !errors.Is(err, ErrUnreadable) {
		t.Errorf("LoadAt of an unknown mark = %v, want ErrUnreadable", err)
	}
}

// After a compaction the prompts before it are gone, and so are the
// messages the compaction kept word for word (written after the
// boundary, before the turn's cost state): only prompts typed after the
// compacting turn count. A boundary with no turn finished after it offers
// none.
func TestTranscriptPromptsAfterCompaction(t *testing.T) {
	w, path := newTestWriter(t)
	must(w.User([]provider.Block{text("old prompt")}, UserOptions{}))
	must(w.Assistant(AssistantEntry{MessageID: "m1", Model: "x", Block: text("old answer")}))
	if err := w.CostState(map[string]any{"n": 1}); err != nil {
		t.Fatal(err)
	}
	must(w.CompactBoundary("manual", 100))
	must(w.User([]provider.Block{text("summary")}, UserOptions{IsCompactSummary: true}))
	if err := w.WriteMessages([]provider.Message{assistant(text("kept answer")), user(text("kept prompt"))}, "x"); err != nil {
		t.Fatal(err)
	}
	if got := load(t, path).Prompts; len(got) != 0 {
		t.Fatalf("prompts before the compacting turn ended = %q, want none", promptTexts(got))
	}
	if err := w.CostState(map[string]any{"n": 2}); err != nil {
		t.Fatal(err)
	}
	must(w.Assistant(AssistantEntry{MessageID: "m2", Model: "x", Block: text("ok")}))
	must(w.User([]provider.Block{text("new prompt")}, UserOptions{}))
	tr := load(t, path)
	if got := promptTexts(tr.Prompts); !slices.Equal(got, []string{"new prompt"}) {
		t.Fatalf("prompts = %q, want the one after the compaction", got)
	}
	at := must(LoadAt(path, tr.Prompts[0].Before))
	if len(at.Messages) == 0 || !at.Compacted || at.Messages[0].Content[0].Text != "summary" {
		t.Errorf("LoadAt after a compaction = %+v, want the compacted history", at.Messages)
	}
}
