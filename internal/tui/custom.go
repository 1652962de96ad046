package tui

import (
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/event"
)

// customCommands are the conversation's custom commands and skills as
// menu entries, sorted by name; a name a built-in command has stays the
// built-in's.
func customCommands(cmds []event.Command) []command {
	var out []command
	for _, c := range cmds {
		builtin := slices.ContainsFunc(commands, func(b command) bool { return b.name == c.Name })
		if c.Name == "" || builtin || slices.ContainsFunc(out, func(o command) bool { return o.name == c.Name }) {
			continue
		}
		out = append(out, command{name: c.Name, args: c.ArgumentHint, desc: c.Description})
	}
	slices.SortFunc(out, func(a, b command) int { return strings.Compare(a.name, b.name) })
	return out
}

// cmdAgents lists the agent types: the built-in ones, then those the
// project, the user or --agents define, each with its description.
func (m *model) cmdAgents(string) tea.Cmd {
	if m.conv == nil {
		return nil
	}
	var builtin, custom []event.AgentType
	for _, a := range m.conv.Info().AgentTypes {
		if a.Source == "built-in" {
			builtin = append(builtin, a)
		} else {
			custom = append(custom, a)
		}
	}
	var b strings.Builder
	section := func(title string, types []event.AgentType, withSource bool) {
		b.WriteString(styleBold.Render(title) + "\n")
		if len(types) == 0 {
			b.WriteString(styleDim.Render("  none (add them in .claude/agents/*.md)") + "\n")
		}
		for _, a := range types {
			desc := a.Description
			if withSource && a.Source != "" {
				desc += styleDim.Render(" · " + a.Source)
			}
			b.WriteString(twoColumns(a.Name, desc, m.width) + "\n")
		}
	}
	section("Built-in agents", builtin, false)
	section("Custom agents", custom, true)
	return m.println(strings.TrimRight(b.String(), "\n"))
}
