package main

import (
	"strings"
	"testing"

	"corvid/internal/provider/providertest"
)

// In a real terminal: /model opens the picker; choosing sonnet makes the
// next request use the model the alias resolves to, and the status line
// names it.
func TestTmuxModelPicker(t *testing.T) {
	requireTmux(t)
	p := newProject(t, "NO_COLOR=1")
	srv := p.serve(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("first answer")}},
		{Blocks: []providertest.Block{providertest.Text("sonnet answer")}},
	}})
	e := &e2e{t: t}
	p.launch(e, "model", 100, 30)
	e.waitText("default mode")
	e.typeLine("hello")
	e.waitText("first answer")
	e.typeLine("/model")
	e.waitText("Select a model")
	e.keys("3")
	s := e.waitText("Model set to ")
	var set string
	for _, l := range strings.Split(s, "\n") {
		if _, after, ok := strings.Cut(l, "Model set to "); ok {
			set = strings.TrimSpace(after)
		}
	}
	if !strings.Contains(set, "sonnet") {
		t.Fatalf("model set to %q:\n%s", set, s)
	}
	e.waitFor("the status line", func(s string) bool { return lastStatus(s, set) })
	e.typeLine("again")
	e.waitText("sonnet answer")
	reqs := srv.Requests()
	if len(reqs) != 2 || reqs[1].Model != set || reqs[0].Model == set {
		var models []string
		for _, r := range reqs {
			models = append(models, r.Model)
		}
		t.Errorf("request models %q, want the second to be %q", models, set)
	}
}
