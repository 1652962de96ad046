package main

import (
	"strings"
	"testing"

	"corvid/internal/provider/providertest"
)

// In a real terminal: one turn, exit; corvid again in the same folder,
// /resume shows the picker with the earlier session's preview, picking
// it shows its messages, and the next prompt's request carries the
// earlier conversation.
func TestTmuxResumePicker(t *testing.T) {
	requireTmux(t)
	p := newProject(t, "NO_COLOR=1")
	srv := p.serve(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("The capital is **Lisbon**.")}},
		{Blocks: []providertest.Block{providertest.Text("Porto is second.")}},
	}})
	e := &e2e{t: t}
	p.launch(e, "one", 100, 30)
	e.waitText("default mode")
	e.typeLine("what is the capital of portugal")
	e.waitText("The capital is **Lisbon**.")
	e.keys("C-d")
	e.waitText("CORVID-EXIT=0")

	p.launch(e, "two", 100, 30)
	e.waitText("default mode")
	e.typeLine("/resume")
	s := e.waitText("Resume a conversation")
	if !strings.Contains(s, "messages)  what is the capital of portugal") {
		t.Fatalf("the picker lacks the earlier session's preview:\n%s", s)
	}
	e.keys("Enter")
	e.waitText("Resuming ")
	// The earlier messages are shown again, below the resume notice.
	s = e.waitFor("the earlier conversation", func(s string) bool {
		_, after, ok := strings.Cut(s, "Resuming ")
		return ok && strings.Contains(after, "> what is the capital of portugal") &&
			strings.Contains(after, "The capital is **Lisbon**.")
	})
	e.typeLine("and the second city?")
	e.waitText("Porto is second.")

	e.keys("C-d")
	e.waitText("CORVID-EXIT=0")

	// corvid -c opens the latest conversation with its messages shown.
	p.launch(e, "three", 100, 30, "-c")
	e.waitFor("the continued conversation", func(s string) bool {
		return strings.Contains(s, "> and the second city?") && strings.Contains(s, "Porto is second.") &&
			strings.Contains(s, "default mode")
	})

	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2", len(reqs))
	}
	want := []string{"what is the capital of portugal", "The capital is **Lisbon**.", "and the second city?"}
	if got := messageTexts(reqs[1].Messages); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("the resumed request's messages = %q, want %q", got, want)
	}
	if len(srv.Violations()) > 0 {
		t.Errorf("malformed requests: %v", srv.Violations())
	}
}
