package tui

import (
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// modelChoices are what the /model picker offers: the aliases the
// conversation resolves, and "default" (the model it opened with).
var modelChoices = [][2]string{
	{"default", "the model the session started with"},
	{"opus", "the most capable model, for hard work"},
	{"sonnet", "the everyday model, fast and capable"},
	{"haiku", "the fastest model, for simple tasks"},
}

// modelDialog is the /model picker; the last option cancels.
type modelDialog struct{ sel int }

func (d *modelDialog) options() []string {
	var out []string
	for _, c := range modelChoices {
		out = append(out, pad(c[0], 8)+"  "+styleDim.Render(c[1]))
	}
	return append(out, "Cancel (esc)")
}

func (d *modelDialog) cursor() *int { return &d.sel }

func (d *modelDialog) view(m *model) string {
	opts := d.options()
	for i := range opts {
		opts[i] = ansi.Truncate(opts[i], max(m.width-6, 10), "…")
	}
	head := styleBold.Render("Select a model") + "\n" + styleDim.Render(ansi.Truncate("Current: "+orDash(m.modelName)+
		" · /model <name> takes any model name", max(m.width-1, 10), "…"))
	return box(head+"\n"+optionList(opts, d.sel), m.width)
}

func (d *modelDialog) choose(m *model, i int) tea.Cmd {
	if i >= len(modelChoices) {
		return nil
	}
	return m.cmdModel(modelChoices[i][0])
}
