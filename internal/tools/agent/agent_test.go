package agent

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"corvid/internal/subagent"
	"corvid/internal/tool"
)

func newTool(t *testing.T) tool.Tool {
	t.Helper()
	cat := subagent.NewCatalog()
	cat.Add(subagent.Definition{Name: "reviewer", Description: "Reviews\ncode for bugs", Tools: []string{"Read", "Grep"}})
	cat.Add(subagent.Definition{Name: "tidy", Description: "Tidies", DisallowedTools: []string{"Bash"}})
	return New(catalogOnly{cat})
}

// The model sees every agent type with its description and tools.
func TestDescriptionListsAgents(t *testing.T) {
	desc := newTool(t).Description()
	for _, want := range []string{
		"- general-purpose: General-purpose agent",
		"- Explore: Fast agent specialized for exploring codebases.",
		"(Tools: Glob, Grep, Read, WebFetch)",
		"- Plan: ",
		"- reviewer: Reviews code for bugs (Tools: Read, Grep)",
		"- tidy: Tidies (Tools: All tools except Bash)",
	} {
		if !strings.Contains(desc, want) {
			t.Errorf("description lacks %q:\n%s", want, desc)
		}
	}
	if strings.Contains(desc, "{{AGENTS}}") {
		t.Error("placeholder left in the description")
	}
}

func TestToolShape(t *testing.T) {
	tl := newTool(t)
	if tl.Name() != "Agent" || len(tl.Aliases()) != 1 || tl.Aliases()[0] != "Task" {
		t.Errorf("names %q %q", tl.Name(), tl.Aliases())
	}
	if !tl.IsConcurrencySafe(nil) || tl.InterruptBehavior() != tool.Cancel {
		t.Error("Agent calls must run in parallel and stop on interrupt")
	}
	if !json.Valid(tl.InputSchema()) {
		t.Error("schema is not JSON")
	}
}

func TestValidateInput(t *testing.T) {
	tl := newTool(t)
	for _, c := range []struct{ input, want string }{
		{`{"description":"d","prompt":""}`, "prompt is empty"},
		{`{"description":"","prompt":"p"}`, "description is empty"},
		{`{"description":"d","prompt":"p","subagent_type":"nope"}`, `unknown agent type "nope": available agents are general-purpose, Explore, Plan, reviewer, tidy`},
		{`[]`, "could not be read"},
	} {
		err := tl.ValidateInput(context.Background(), json.RawMessage(c.input))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.input, err, c.want)
		}
	}
	if err := tl.ValidateInput(context.Background(), json.RawMessage(`{"description":"d","prompt":"p","subagent_type":"reviewer"}`)); err != nil {
		t.Error(err)
	}
}

// catalogOnly is a Runner that knows agent types and runs nothing.
type catalogOnly struct{ c *subagent.Catalog }

func (c catalogOnly) Catalog() *subagent.Catalog { return c.c }
func (catalogOnly) Run(context.Context, subagent.Request) (subagent.Outcome, error) {
	return subagent.Outcome{}, nil
}
func (catalogOnly) Start(subagent.Request, string) (subagent.Launched, error) {
	return subagent.Launched{}, nil
}
