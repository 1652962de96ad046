package app

import (
	"errors"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"corvid/internal/engine"
	"corvid/internal/event"
	"corvid/internal/provider/providertest"
	"corvid/internal/session"
)

// The prompts of a resumed session are rewind points: --continue lists
// them (the typed prompts only: not the opening reminders, tool results or
// an interrupt's marker), rewinding to one gives the conversation as it
// stood before it, the next request carries exactly that, and the
// transcript branches so that a later --continue loads the rewound state.
func TestConversationRewindResumed(t *testing.T) {
	defer noLeaks(t, goleak.IgnoreCurrent())
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.ToolUse("toolu_1", "Bash", map[string]any{"command": "echo one"})}},
		{Blocks: []providertest.Block{providertest.Text("one")}},
		{Blocks: []providertest.Block{providertest.Text("two")}},
		{Blocks: []providertest.Block{providertest.Text("three")}},
		{Blocks: []providertest.Block{providertest.Text("again")}},
	}})
	env := fakeAPI(srv).with("CORVID_CONFIG_DIR", t.TempDir(), "IS_SANDBOX", "1")
	opts := baseOptions(env)
	opts.Cwd, opts.PermissionMode, opts.Sink = t.TempDir(), "bypassPermissions", func(event.Event) {}
	c, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	var afterFirst string
	for _, p := range []string{"first", "second\nline two", "third"} {
		if r := c.SubmitText(t.Context(), p); r.IsError {
			t.Fatalf("%s: %+v", p, r)
		}
		if p == "first" {
			afterFirst = jsonOf(t, c.Messages())
		}
	}
	before := c.Prompts()
	path := c.TranscriptPath()
	c.Close()

	opts.Continue = true
	c2, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	ps := c2.Prompts()
	if len(ps) != 3 || ps[0].Text != "first" || ps[1].Text != "second\nline two" || ps[2].Text != "third" {
		c2.Close()
		t.Fatalf("resumed prompts = %+v, want first, second, third", ps)
	}
	for i := range ps {
		if d := ps[i].At.Sub(before[i].At); d < -time.Second || d > time.Second {
			t.Errorf("prompt %d at %v, recorded %v", i, ps[i].At, before[i].At)
		}
	}
	p, err := c2.Rewind(ps[1].ID)
	if err != nil || p.Text != "second\nline two" {
		c2.Close()
		t.Fatalf("Rewind = %+v, %v", p, err)
	}
	if got := jsonOf(t, c2.Messages()); got != afterFirst {
		t.Errorf("after rewinding the resumed session:\n got %s\nwant %s", got, afterFirst)
	}
	if got := c2.Prompts(); len(got) != 1 || got[0].Text != "first" {
		t.Errorf("prompts after rewind = %+v, want only the first", got)
	}
	if tr, err := session.Load(path); err != nil || jsonOf(t, tr.Messages) != afterFirst {
		t.Errorf("resume right after the rewind: %v\n got %s\nwant %s", err, jsonOf(t, tr.Messages), afterFirst)
	}
	if r := c2.SubmitText(t.Context(), "edited"); r.Text != "again" {
		t.Fatalf("after rewind: %+v", r)
	}
	reqs := srv.Requests()
	second, next := reqs[2].Messages, reqs[4].Messages
	if len(next) != len(second) || jsonOf(t, next[:len(next)-1]) != jsonOf(t, second[:len(second)-1]) {
		t.Errorf("request after rewind:\n got %s\nwant the second prompt's history %s", jsonOf(t, next), jsonOf(t, second))
	}
	if txt := promptTexts(next[len(next)-1]); !strings.Contains(txt, "edited") || strings.Contains(txt, "second") {
		t.Errorf("last message = %q, want the new prompt only", txt)
	}
	want := jsonOf(t, c2.Messages())
	c2.Close()

	parents := promptParents(t, path)
	if parents["edited"] != parents["second\nline two"] || parents["third"] == parents["edited"] {
		t.Errorf("parents = %v, want edited beside second", parents)
	}
	c3, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer c3.Close()
	if got := jsonOf(t, c3.Messages()); got != want {
		t.Errorf("--continue after the rewind:\n got %s\nwant %s", got, want)
	}
	if got := c3.Prompts(); len(got) != 2 || got[0].Text != "first" || got[1].Text != "edited" {
		t.Errorf("prompts of the rewound session = %+v, want first, edited", got)
	}
	// A rewind to a mark the transcript no longer has fails and changes
	// nothing.
	if _, err := c3.Rewind(99); !errors.Is(err, engine.ErrUnknownPrompt) {
		t.Errorf("Rewind(99) = %v", err)
	}
}

// A resumed session that was compacted offers only the prompts after the
// compaction (not the one before it, nor the messages the compaction
// kept), and rewinding to one gives the compacted history before it.
func TestConversationRewindResumedAfterCompaction(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("one")}},
		{Blocks: []providertest.Block{providertest.Text("<summary>we said one</summary>")}},
		{Blocks: []providertest.Block{providertest.Text("two")}},
		{Blocks: []providertest.Block{providertest.Text("three")}}}})
	opts := baseOptions(fakeAPI(srv).with("CORVID_CONFIG_DIR", t.TempDir()))
	opts.Cwd, opts.Sink = t.TempDir(), func(event.Event) {}
	c, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	c.SubmitText(t.Context(), "first")
	if r := c.SubmitText(t.Context(), "/compact"); r.IsError {
		t.Fatalf("compact: %+v", r)
	}
	afterCompact := jsonOf(t, c.Messages())
	c.SubmitText(t.Context(), "second")
	c.SubmitText(t.Context(), "third")
	c.Close()

	opts.Continue = true
	c2, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	ps := c2.Prompts()
	if len(ps) != 2 || ps[0].Text != "second" || ps[1].Text != "third" {
		t.Fatalf("prompts of the compacted session = %+v, want second, third", ps)
	}
	if _, err := c2.Rewind(ps[0].ID); err != nil {
		t.Fatal(err)
	}
	if got := jsonOf(t, c2.Messages()); got != afterCompact {
		t.Errorf("after rewinding to the first prompt after the compaction:\n got %s\nwant %s", got, afterCompact)
	}
}
