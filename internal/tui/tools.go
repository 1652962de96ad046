package tui

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"corvid/internal/provider"
)

// toolOutputLines is how many lines of a tool's output stay visible.
const toolOutputLines = 4

// toolRun is a tool call from its tool_use to its result.
type toolRun struct {
	id, name string
	input    json.RawMessage
	start    time.Time
	last     string // the last progress line (Bash output while it runs)
	// answer is what the user answered the permission dialog ("" when
	// it did not ask); refused: the answer was no, and the result is the
	// message for the model, not shown.
	answer  string
	refused bool
	// replayed: a call of a resumed conversation (no elapsed time).
	replayed bool
}

func newToolRun(b provider.Block, now time.Time) *toolRun {
	return &toolRun{id: b.ID, name: b.Name, input: b.Input, start: now}
}

func (t *toolRun) progress(line string) {
	if line = strings.TrimSpace(cleanText(line)); line != "" {
		if i := strings.LastIndexByte(line, '\n'); i >= 0 {
			line = line[i+1:]
		}
		t.last = line
	}
}

// keyArgFields name, per tool, the input field that says what the call
// is about.
var keyArgFields = map[string]string{
	"Bash": "command", "Read": "file_path", "Write": "file_path", "Edit": "file_path",
	"MultiEdit": "file_path", "NotebookEdit": "notebook_path", "Glob": "pattern", "Grep": "pattern",
	"WebFetch": "url", "WebSearch": "query", "Task": "description", "Agent": "description",
	"BashOutput": "bash_id", "KillShell": "shell_id", "TodoWrite": "",
}

// keyArg is the call's main argument, on one line.
func keyArg(name string, input json.RawMessage) string {
	var obj map[string]any
	if json.Unmarshal(input, &obj) != nil {
		return ""
	}
	field, ok := keyArgFields[name]
	if !ok {
		for _, f := range []string{"command", "file_path", "path", "pattern", "url", "query"} {
			if _, has := obj[f]; has {
				field = f
				break
			}
		}
	}
	v, _ := obj[field].(string)
	v = strings.Join(strings.Fields(v), " ")
	return v
}

// header is the call's one line: name, key argument, elapsed time.
func (m *model) toolHeader(t *toolRun, bullet string) string {
	arg := keyArg(t.name, t.input)
	if strings.HasSuffix(t.name, "Edit") || t.name == "Write" || t.name == "Read" {
		arg = relPath(m.o.Cwd, arg)
	}
	el := m.o.now().Sub(t.start).Round(100 * time.Millisecond)
	tail := styleDim.Render(fmt.Sprintf(" · %s", el))
	if t.replayed {
		tail = ""
	}
	head := styleBold.Render(t.name)
	if arg != "" {
		room := max(m.width-ansi.StringWidth(t.name)-16, 10)
		head += "(" + ansi.Truncate(arg, room, "…") + ")"
	}
	return bullet + " " + head + tail
}

// toolBlock is a finished call for the scrollback: its line, then its
// output collapsed, or its change as a diff.
func (m *model) toolBlock(t *toolRun, output string, isErr bool) string {
	bullet := styleOK.Render("●")
	if isErr {
		bullet = styleErr.Render("●")
	}
	var b strings.Builder
	b.WriteString(m.toolHeader(t, bullet))
	if t.answer != "" {
		b.WriteString("\n" + styleDim.Render("  ⎿ "+t.answer))
	}
	if t.refused && isErr { // the user said no: the model's instructions are not news to them
		return b.String()
	}
	body := ""
	switch {
	case output == "" && !isErr && !isEditTool(t.name):
	case !isErr && isEditTool(t.name):
		body = m.diffOf(t.name, t.input)
		if body == "" {
			body = m.toolBody(t, output, isErr)
		}
	default:
		body = m.toolBody(t, output, isErr)
		if isErr {
			body = paint(styleErr, body)
		}
	}
	if body != "" {
		b.WriteString("\n" + indentFirst(body, "  ⎿ ", "    "))
	}
	return b.String()
}

// liveTools renders the running calls with the spinner.
func (m *model) liveTools() string {
	var lines []string
	frame := spinnerFrames[m.spinFrame%len(spinnerFrames)]
	for _, t := range m.tools {
		lines = append(lines, m.toolHeader(t, styleAccent.Render(frame)))
		if t.last != "" {
			lines = append(lines, styleDim.Render("  ⎿ "+ansi.Truncate(t.last, max(m.width-6, 10), "…")))
		}
		if a := m.agentLine(t.id); a != "" { // a sub-agent's activity (tasks.go)
			lines = append(lines, a)
		}
	}
	return strings.Join(lines, "\n")
}

func isEditTool(name string) bool { return name == "Edit" || name == "Write" || name == "MultiEdit" }

func wrapOutput(s string, w int) string {
	s = strings.TrimRight(s, "\n")
	return ansi.Hardwrap(cleanText(s), max(w, 10), true)
}

func indentFirst(s, first, rest string) string {
	lines := strings.Split(s, "\n")
	for i := range lines {
		if i == 0 {
			lines[i] = first + lines[i]
		} else {
			lines[i] = rest + lines[i]
		}
	}
	return strings.Join(lines, "\n")
}

func relPath(cwd, p string) string {
	if cwd == "" || !filepath.IsAbs(p) {
		return p
	}
	if r, err := filepath.Rel(cwd, p); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return p
}

var spinnerFrames = []string{"·", "✢", "✳", "✶", "✻", "✽"}

// spinTickMsg advances the spinner; it is scheduled only while a call
// runs.
type spinTickMsg struct{}

const spinInterval = 120 * time.Millisecond

func (m *model) startSpinner() tea.Cmd {
	if m.spinning {
		return nil
	}
	m.spinning = true
	return tea.Tick(spinInterval, func(time.Time) tea.Msg { return spinTickMsg{} })
}

func (m *model) spinTick() tea.Cmd {
	m.spinning = false
	if len(m.tools) == 0 {
		return nil
	}
	m.spinFrame++
	return m.startSpinner()
}
