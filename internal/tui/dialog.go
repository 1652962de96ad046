package tui

import (
	"encoding/json"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"corvid/internal/permission"
)

// dialog is a question that owns the keyboard until answered.
type dialog interface {
	view(m *model) string
	// choose answers with option i and reports the command to run.
	choose(m *model, i int) tea.Cmd
	options() []string
	cursor() *int
}

// dialogKey moves the selection, answers with enter or a digit, and
// answers no with esc.
func (m *model) dialogKey(k tea.KeyPressMsg) tea.Cmd {
	if kd, ok := m.dialog.(keyedDialog); ok { // reads its own keys (permsdialog.go)
		return kd.key(m, k)
	}
	d := m.dialog
	cur := d.cursor()
	n := len(d.options())
	switch s := k.String(); s {
	case "up", "shift+tab", "ctrl+p":
		*cur = (*cur + n - 1) % n
	case "down", "tab", "ctrl+n":
		*cur = (*cur + 1) % n
	case "enter":
		return m.answer(*cur)
	case "esc":
		return m.answer(n - 1)
	case "ctrl+c":
		return m.answer(n - 1)
	default:
		if len(s) == 1 && s[0] >= '1' && int(s[0]-'0') <= n {
			return m.answer(int(s[0] - '1'))
		}
	}
	return nil
}

func (m *model) answer(i int) tea.Cmd {
	d := m.dialog
	m.dialog = nil
	cmd := d.choose(m, i)
	if m.dialog == nil && len(m.asks) > 0 {
		m.dialog = newPermissionDialog(m.asks[0])
		m.asks = m.asks[1:]
	}
	return cmd
}

// dropQuestions closes the permission dialogs of a turn that ended: their
// askers have stopped waiting.
func (m *model) dropQuestions() {
	if _, ok := m.dialog.(*permissionDialog); ok {
		m.dialog = nil
	}
	m.asks = nil
}

// permissionDialog asks about one tool call.
type permissionDialog struct {
	q     permission.Question
	reply chan permission.Answer
	sel   int
	// feedback collects what the model should do instead (option 3).
	opts []string
}

func newPermissionDialog(a askMsg) *permissionDialog {
	d := &permissionDialog{q: a.q, reply: a.reply}
	d.opts = []string{"Yes"}
	if len(a.q.Suggestions) > 0 {
		d.opts = append(d.opts, "Yes, and don't ask again for "+strings.Join(a.q.Suggestions, ", "))
	}
	d.opts = append(d.opts, "No, and tell corvid what to do differently (esc)")
	return d
}

func (d *permissionDialog) options() []string { return d.opts }
func (d *permissionDialog) cursor() *int      { return &d.sel }

// choose answers: yes once, yes always (the suggested rules, which the
// permission engine keeps and saves to .claude/settings.local.json), or
// no. A "no" also interrupts the turn so the user can say what to do
// instead, as Claude Code does.
func (d *permissionDialog) choose(m *model, i int) tea.Cmd {
	var ans permission.Answer
	label := "No (refused by you)"
	switch {
	case i == 0:
		ans, label = permission.AnswerOnce, "Yes"
	case i == 1 && len(d.opts) == 3:
		ans, label = permission.AnswerAlways, "Yes, and from now on: "+strings.Join(d.q.Suggestions, ", ")
	default:
		ans = permission.Answer{Message: "The user doesn't want to proceed with this tool use. " +
			"The tool use was rejected. STOP what you are doing and wait for the user to tell you how to proceed.",
			Interrupt: true}
	}
	d.reply <- ans
	if t := m.tool(d.q.ToolUseID); t != nil {
		t.answer, t.refused = label, ans.Interrupt
		return nil
	}
	return m.println(styleDim.Render("  ⎿ " + d.q.ToolName + ": " + label))
}

func (d *permissionDialog) view(m *model) string {
	w := max(m.width-4, 20)
	var b strings.Builder
	b.WriteString(styleWarn.Render(toolTitle(d.q.ToolName)) + "\n\n")
	b.WriteString(indent(ansi.Wrap(describeCall(d.q), w-2, ""), "  ") + "\n\n")
	if d.q.Reason != "" {
		b.WriteString(paint(styleDim, ansi.Wrap("Why it asks: "+d.q.Reason, w, "")) + "\n")
	}
	b.WriteString("Do you want to proceed?\n")
	b.WriteString(optionList(d.opts, d.sel))
	return box(b.String(), m.width)
}

func toolTitle(name string) string {
	switch name {
	case "Bash":
		return "Bash command"
	case "Edit", "MultiEdit", "Write":
		return "Edit file"
	}
	return "Tool use: " + name
}

// describeCall says what will run: the command, the file, or the input.
func describeCall(q permission.Question) string {
	var obj map[string]any
	_ = json.Unmarshal(q.Input, &obj)
	if c, ok := obj["command"].(string); ok {
		s := c
		if d, ok := obj["description"].(string); ok && d != "" {
			s += "\n" + paint(styleDim, d)
		}
		return s
	}
	if p, ok := obj["file_path"].(string); ok {
		return q.ToolName + " " + p
	}
	raw := string(q.Input)
	if len(raw) > 400 {
		raw = raw[:400] + "…"
	}
	return q.ToolName + " " + raw
}

func optionList(opts []string, sel int) string {
	var b strings.Builder
	for i, o := range opts {
		line := itoa(i+1) + ". " + o
		if i == sel {
			b.WriteString(styleAccent.Render("❯ "+line) + "\n")
		} else {
			b.WriteString("  " + line + "\n")
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// box frames a dialog with a rule above and below (no side borders, so
// narrow terminals wrap cleanly).
func box(s string, width int) string {
	rule := styleDim.Render(strings.Repeat("─", max(width-1, 10)))
	return rule + "\n" + fitLines(s, max(width-1, 10)) + "\n" + rule // fitLines: dialogwrap.go
}

// trustDialog is the workspace trust question, asked before the
// conversation opens when the repository's settings want powers that
// need trust.
type trustDialog struct {
	what string
	sel  int
}

func newTrustDialog(what string) *trustDialog { return &trustDialog{what: what} }

func (d *trustDialog) options() []string {
	return []string{"Yes, trust this folder", "No, go on without its settings' permissions (esc)"}
}
func (d *trustDialog) cursor() *int { return &d.sel }

func (d *trustDialog) view(m *model) string {
	w := max(m.width-4, 20)
	body := styleWarn.Render("Do you trust the files in this folder?") + "\n\n" +
		ansi.Wrap(m.o.Cwd, w, "") + "\n\n" +
		ansi.Wrap("Its settings want to grant: "+d.what+". corvid applies them only in a folder you trust; "+
			"without trust they are ignored (deny rules still apply).", w, "") + "\n\n" +
		optionList(d.options(), d.sel)
	return box(body, m.width)
}

func (d *trustDialog) choose(m *model, i int) tea.Cmd {
	var cmds []tea.Cmd
	if i == 0 && m.o.Trust != nil {
		if err := m.o.Trust(); err != nil {
			cmds = append(cmds, m.println(m.errorLine("Could not record trust: "+err.Error())))
		} else {
			cmds = append(cmds, m.println(styleDim.Render("Trusted "+m.o.Cwd)))
		}
	}
	return tea.Sequence(append(cmds, m.open(""))...)
}
