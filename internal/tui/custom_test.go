package tui

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"corvid/internal/event"
	"corvid/internal/permission"
)

// projectConv is a conversation whose Info carries a project's custom
// commands, skills and agent types, as app.Conversation reports them.
type projectConv struct{ Backend }

func (p projectConv) Info() event.Init {
	info := p.Backend.Info()
	info.Commands = []event.Command{
		{Name: "greet", Description: "Greets someone (project)", ArgumentHint: "<name>"},
		{Name: "tidy", Description: "Tidies the files (project)"},
		{Name: "help", Description: "A custom help that must not hide the built-in"},
	}
	info.AgentTypes = []event.AgentType{
		{Name: "Explore", Description: "Fast read-only search agent", Source: "built-in"},
		{Name: "general-purpose", Description: "General agent with every tool", Source: "built-in"},
		{Name: "reviewer", Description: "Reviews code for bugs", Source: "/work/proj/.claude/agents/reviewer.md"},
	}
	for _, a := range info.AgentTypes {
		info.Agents = append(info.Agents, a.Name)
	}
	return info
}

func withProject(o *Options) {
	open := o.Open
	o.Open = func(ctx context.Context, sink event.Sink, asker permission.Asker, resume string) (Backend, error) {
		b, err := open(ctx, sink, asker, resume)
		return projectConv{b}, err
	}
}

// The / menu lists the project's custom commands and skills with their
// descriptions beside the built-in ones; completing one and sending it
// hands the line to the conversation, which expands it.
func TestCustomCommandCompletion(t *testing.T) {
	h := newHarness(t, 80, []turnFunc{answer("hello world")}, withProject)
	h.tm.Type("/")
	h.waitFor("the menu", func(_, v string) bool {
		return strings.Contains(v, "/greet") && strings.Contains(v, "Greets someone (project)") && strings.Contains(v, "/tidy")
	})
	golden.RequireEqual(t, []byte(h.currentView()))
	h.tm.Type("gr")
	h.waitFor("the filtered menu", func(_, v string) bool { return strings.Contains(v, "/greet") && !strings.Contains(v, "/tidy") })
	h.key(tea.KeyTab, 0)
	h.tm.Type("world")
	h.key(tea.KeyEnter, 0)
	h.waitFor("the reply", func(p, _ string) bool { return strings.Contains(p, "hello world") })
	if got := h.prompt(0); got != "/greet world" {
		t.Errorf("sent %q, want the command line for the conversation to expand", got)
	}
}

// /agents lists the built-in and custom agent types with their
// descriptions (a custom one with its file).
func TestAgentsCommand(t *testing.T) {
	h := newHarness(t, 100, nil, withProject)
	h.typeLine("/agents")
	h.waitFor("the list", func(p, _ string) bool { return strings.Contains(p, "reviewer") })
	golden.RequireEqual(t, []byte(h.scrollback()))
}

// /help lists the custom commands and skills after the built-in ones.
func TestHelpListsCustomCommands(t *testing.T) {
	h := newHarness(t, 80, nil, withProject)
	h.waitFor("the banner", func(p, _ string) bool { return strings.Contains(p, "corvid") })
	h.typeLine("/help")
	h.waitFor("the help", func(p, _ string) bool { return strings.Contains(p, "/tidy") })
	p := h.scrollback()
	if !strings.Contains(p, "Custom commands and skills") || !strings.Contains(p, "/greet <name>") ||
		strings.Index(p, "/greet") < strings.Index(p, "/exit") {
		t.Errorf("help:\n%s", p)
	}
}
