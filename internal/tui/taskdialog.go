package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"corvid/internal/event"
)

// Caps on the output /tasks shows: bytes read, lines shown.
const (
	taskPeekBytes = 4096
	taskPeekLines = 10
)

// cmdTasks opens the list of background tasks (/tasks, /bashes).
func (m *model) cmdTasks(string) tea.Cmd {
	m.dialog = &taskListDialog{}
	return m.armTaskTick()
}

// taskListDialog lists the tasks, newest last; enter opens one.
type taskListDialog struct {
	sel int
	ids []string // the rows as last drawn (options is asked before view)
	n   int
}

func (d *taskListDialog) cursor() *int { return &d.sel }

func (d *taskListDialog) options() []string {
	out := make([]string, d.n+1)
	out[d.n] = "Close (esc)"
	return out
}

func (d *taskListDialog) view(m *model) string {
	rows := m.taskList.rows
	d.ids = d.ids[:0]
	var opts []string
	for _, r := range rows {
		d.ids = append(d.ids, r.ID)
		opts = append(opts, truncate(m.taskSummary(r), m.width-6))
	}
	d.n = len(rows)
	d.sel = min(d.sel, d.n)
	opts = append(opts, "Close (esc)")
	head := styleBold.Render("Background tasks")
	if d.n == 0 {
		head += "\n" + styleDim.Render("No background shells or agents in this session.")
	}
	hint := styleDim.Render(truncate("↑/↓ select · enter to view or stop · esc to close", m.width-2))
	return box(head+"\n"+optionList(opts, d.sel)+"\n"+hint, m.width)
}

// taskSummary is a task's row: type, what it runs, status, elapsed.
func (m *model) taskSummary(r *taskRow) string {
	kind, what := "shell", r.Command
	if r.Type == event.TaskLocalAgent {
		kind, what = "agent", r.Description
	}
	return kind + "  " + oneLine(what) + " · " + m.taskStatus(r) + " · " + m.elapsed(r.Task)
}

func (m *model) taskStatus(r *taskRow) string {
	switch {
	case r.stopping && r.Running():
		return "stopping…"
	case r.Type == event.TaskLocalBash && r.Status == event.TaskFailed:
		return "failed (exit " + itoa(r.ExitCode) + ")"
	}
	return r.Status
}

func (d *taskListDialog) choose(m *model, i int) tea.Cmd {
	if i >= len(d.ids) {
		return nil
	}
	td := &taskDetailDialog{id: d.ids[i], back: d.sel}
	if r := m.taskList.row(td.id); r != nil {
		td.setOptions(r)
	}
	m.dialog = td
	return tea.Batch(m.peekTask(td), m.armTaskTick())
}

// taskDetailDialog shows one task: what it runs, its status and the end
// of its output; a running one can be stopped.
type taskDetailDialog struct {
	id     string
	back   int // the list's selection to return to
	sel    int
	opts   []string
	output string
	err    string
}

func (d *taskDetailDialog) cursor() *int { return &d.sel }

// options are set by view (setOptions), which runs after every update,
// so before any key reaches the dialog.
func (d *taskDetailDialog) options() []string {
	if len(d.opts) == 0 {
		return []string{"Back (esc)"}
	}
	return d.opts
}

func (d *taskDetailDialog) view(m *model) string {
	r := m.taskList.row(d.id)
	if r == nil {
		return box(styleDim.Render("The task is gone."), m.width)
	}
	d.setOptions(r)
	w := max(m.width-4, 20)
	var b strings.Builder
	title := "Shell " + r.ID
	if r.Type == event.TaskLocalAgent {
		title = "Agent " + r.ID + " (" + r.AgentType + ")"
	}
	b.WriteString(styleBold.Render(truncate(title, w)) + "\n")
	b.WriteString(m.taskStatus(r) + " · " + m.elapsed(r.Task) + "\n")
	if r.Command != "" {
		b.WriteString(indent(ansi.Wrap("$ "+r.Command, w-2, ""), "  ") + "\n")
	}
	if r.Description != "" && r.Description != r.Command {
		b.WriteString(styleDim.Render(truncate(r.Description, w)) + "\n")
	}
	if r.Type == event.TaskLocalAgent && r.Running() && r.ToolUses > 0 {
		b.WriteString(styleDim.Render(truncate("Latest: "+r.Summary+" · "+itoa(r.ToolUses)+" "+plural(r.ToolUses, "tool use", "tool uses"), w)) + "\n")
	}
	if r.Type == event.TaskLocalAgent && r.Running() {
		b.WriteString(styleDim.Render("Its report is shown here once it ends.") + "\n")
	} else {
		b.WriteString(d.outputView(w) + "\n")
	}
	b.WriteString(optionList(d.opts, d.sel))
	return box(b.String(), m.width)
}

func (d *taskDetailDialog) setOptions(r *taskRow) {
	opts := []string{"Back (esc)"}
	if r.Running() && !r.stopping {
		opts = []string{"Stop this task", "Back (esc)"}
	}
	if len(opts) != len(d.opts) {
		d.sel = 0
	}
	d.opts = opts
}

func (d *taskDetailDialog) outputView(w int) string {
	switch {
	case d.err != "":
		return styleErr.Render(truncate(d.err, w))
	case strings.TrimSpace(d.output) == "":
		return styleDim.Render("(no output yet)")
	}
	lines := strings.Split(strings.TrimRight(ansi.Strip(d.output), "\n"), "\n")
	if len(lines) > taskPeekLines {
		lines = lines[len(lines)-taskPeekLines:]
	}
	for i, l := range lines {
		lines[i] = "  │ " + ansi.Truncate(strings.ReplaceAll(l, "\t", "    "), max(w-4, 10), "…")
	}
	return styleDim.Render("Output (end):") + "\n" + strings.Join(lines, "\n")
}

func (d *taskDetailDialog) choose(m *model, i int) tea.Cmd {
	if i == 0 && len(d.opts) == 2 {
		m.dialog = d
		return m.stopTask(d.id)
	}
	m.dialog = &taskListDialog{sel: d.back}
	return m.armTaskTick()
}
