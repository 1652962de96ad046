package app

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"corvid/internal/engine"
	"corvid/internal/event"
	"corvid/internal/provider"
	"corvid/internal/provider/providertest"
	"corvid/internal/session"
)

// Rewinding to the second of three prompts: the next request carries
// exactly what the second prompt's request carried before its prompt,
// then the new prompt; the transcript branches (the new prompt hangs off
// the entry the rewound one hung off) and a resume, before and after the
// next prompt, loads the rewound conversation.
func TestConversationRewind(t *testing.T) {
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
	defer c.Close()
	var afterFirst string
	for _, p := range []string{"first", "second", "third"} {
		if r := c.SubmitText(t.Context(), p); r.IsError {
			t.Fatalf("%s: %+v", p, r)
		}
		if p == "first" {
			afterFirst = jsonOf(t, c.Messages())
		}
	}
	ps := c.Prompts()
	if len(ps) != 3 || ps[1].Text != "second" || ps[0].At.After(ps[1].At) {
		t.Fatalf("prompts = %+v, want first, second, third", ps)
	}
	if _, err := c.Rewind(99); !errors.Is(err, engine.ErrUnknownPrompt) {
		t.Errorf("Rewind(99) = %v, want ErrUnknownPrompt", err)
	}
	p, err := c.Rewind(ps[1].ID)
	if err != nil || p.Text != "second" {
		t.Fatalf("Rewind = %+v, %v", p, err)
	}
	if got := jsonOf(t, c.Messages()); got != afterFirst {
		t.Fatalf("after rewind:\n got %s\nwant %s", got, afterFirst)
	}
	if got := c.Prompts(); len(got) != 1 || got[0].Text != "first" {
		t.Errorf("prompts after rewind = %+v, want only the first", got)
	}
	path := c.TranscriptPath()
	if tr, err := session.Load(path); err != nil || jsonOf(t, tr.Messages) != afterFirst {
		t.Fatalf("resume before the next prompt: %v\n got %s\nwant %s", err, jsonOf(t, tr.Messages), afterFirst)
	}

	if r := c.SubmitText(t.Context(), "edited"); r.Text != "again" {
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
	want := jsonOf(t, c.Messages())
	c.Close()

	parents := promptParents(t, path)
	if parents["edited"] != parents["second"] || parents["third"] == parents["second"] {
		t.Errorf("parents = %v, want edited beside second", parents)
	}
	opts.Continue = true
	c2, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	if got := jsonOf(t, c2.Messages()); got != want {
		t.Errorf("--continue after rewind:\n got %s\nwant %s", got, want)
	}
}

func promptTexts(m provider.Message) string {
	var b strings.Builder
	for _, bl := range m.Content {
		b.WriteString(bl.Text)
	}
	return b.String()
}

// promptParents maps each plain text prompt of the transcript to its
// parentUuid.
func promptParents(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var e struct {
			Type    string  `json:"type"`
			Parent  *string `json:"parentUuid"`
			IsMeta  bool    `json:"isMeta"`
			Message struct {
				Content json.RawMessage `json:"content"`
			} `json:"message"`
		}
		if json.Unmarshal(sc.Bytes(), &e) != nil || e.Type != "user" || e.IsMeta {
			continue
		}
		var text string
		var blocks []provider.Block
		if json.Unmarshal(e.Message.Content, &text) != nil && json.Unmarshal(e.Message.Content, &blocks) == nil && len(blocks) > 0 {
			text = blocks[0].Text
		}
		if e.Parent != nil {
			out[text] = *e.Parent
		} else {
			out[text] = "null"
		}
	}
	return out
}

// A rewind while a turn runs is refused and changes nothing.
func TestConversationRewindDuringTurn(t *testing.T) {
	defer noLeaks(t, goleak.IgnoreCurrent())
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("one")}},
		{Blocks: []providertest.Block{providertest.ToolUse("toolu_1", "Bash", map[string]any{"command": "sleep 30"})}},
		{Blocks: []providertest.Block{providertest.Text("after")}},
		{Blocks: []providertest.Block{providertest.Text("retyped")}}}})
	var rec recorder
	opts := baseOptions(fakeAPI(srv).with("IS_SANDBOX", "1"))
	opts.Cwd, opts.PermissionMode = t.TempDir(), "bypassPermissions"
	opts.Sink, opts.NoSessionPersistence = rec.sink, true
	c, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SubmitText(t.Context(), "first")
	refused := make(chan error, 1)
	go func() {
		for !toolStarted(rec.all()) {
			time.Sleep(10 * time.Millisecond)
		}
		_, err := c.Rewind(c.Prompts()[0].ID)
		refused <- err
		c.Interrupt()
	}()
	c.SubmitText(t.Context(), "run it")
	if err := <-refused; !errors.Is(err, ErrTurnRunning) {
		t.Fatalf("Rewind during a turn = %v, want ErrTurnRunning", err)
	}
	if n := len(c.Prompts()); n != 2 {
		t.Errorf("%d prompts after the refused rewind, want 2", n)
	}
	if r := c.SubmitText(t.Context(), "again"); r.Text != "after" {
		t.Fatalf("next turn = %+v", r)
	}
	if n := len(srv.Requests()[2].Messages); n != 5 {
		t.Errorf("next request has %d messages, want 5 (nothing rewound; the prompt joins the interrupted results)", n)
	}
	// "again" joined the message holding the interrupted call's result:
	// a rewind to it keeps the result with its call.
	ps := c.Prompts()
	if _, err := c.Rewind(ps[len(ps)-1].ID); err != nil {
		t.Fatal(err)
	}
	msgs := c.Messages()
	last := msgs[len(msgs)-1]
	if len(msgs) != 5 || last.Role != provider.RoleUser || len(last.Content) == 0 ||
		last.Content[0].ToolUseID != "toolu_1" || strings.Contains(promptTexts(last), "again") {
		t.Fatalf("after rewind, want the result kept and the prompt gone: %s", jsonOf(t, msgs))
	}
	if r := c.SubmitText(t.Context(), "retype"); r.Text != "retyped" || r.IsError {
		t.Fatalf("after rewinding into the results: %+v", r)
	}
}

// A prompt before the last compaction is not offered: its messages were
// replaced by the summary.
func TestConversationRewindAfterCompaction(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("one")}},
		{Blocks: []providertest.Block{providertest.Text("<summary>we said one</summary>")}},
		{Blocks: []providertest.Block{providertest.Text("two")}}}})
	opts := baseOptions(fakeAPI(srv))
	opts.Sink, opts.NoSessionPersistence = func(event.Event) {}, true
	c, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SubmitText(t.Context(), "first")
	old := c.Prompts()
	if r := c.SubmitText(t.Context(), "/compact"); r.IsError {
		t.Fatalf("compact: %+v", r)
	}
	if got := c.Prompts(); len(old) != 1 || len(got) != 0 {
		t.Fatalf("prompts before and after compaction = %+v, %+v; want one, then none", old, got)
	}
	if _, err := c.Rewind(old[0].ID); !errors.Is(err, engine.ErrUnknownPrompt) {
		t.Errorf("Rewind past the compaction = %v, want ErrUnknownPrompt", err)
	}
	c.SubmitText(t.Context(), "second")
	if got := c.Prompts(); len(got) != 1 || got[0].Text != "second" {
		t.Errorf("prompts = %+v, want the one after the compaction", got)
	}
}
