package main

import (
	"strings"
	"testing"

	"corvid/internal/provider/providertest"
)

// In a real terminal against API failures: an overloaded API is retried
// with a notice counting the attempts; the retry meets a 401, which
// prints an error saying what to check, and the notice goes with the
// turn (it stayed under the error); the session goes on.
func TestTmuxAPIErrors(t *testing.T) {
	requireTmux(t)
	p := newProject(t, "NO_COLOR=1")
	p.serve(t, providertest.Scenario{Turns: []providertest.Turn{
		{Status: 529},
		{Status: 401},
		{Blocks: []providertest.Block{providertest.Text("recovered")}},
	}})
	e := &e2e{t: t}
	p.launch(e, "err", 100, 30)
	e.waitText("default mode")
	e.typeLine("hello")
	e.waitText("Retrying (attempt 1/")
	s := e.waitText("API Error: 401")
	if !strings.Contains(s, "check ANTHROPIC_API_KEY") {
		t.Errorf("the error does not say what to do:\n%s", s)
	}
	e.waitFor("the notice gone", func(string) bool {
		return !strings.Contains(e.tmux("capture-pane", "-p", "-t", e.target), "Retrying")
	})
	e.typeLine("try again")
	e.waitText("recovered")
}
