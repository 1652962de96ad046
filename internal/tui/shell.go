package tui

import (
	"context"
	"os/exec"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
)

const (
	// maxShellOutput caps what a `!` command's output keeps.
	maxShellOutput = 64 << 10
	// shellTimeout bounds a `!` command.
	shellTimeout = 2 * time.Minute
)

// shellDoneMsg is a finished `!` command.
type shellDoneMsg struct {
	cmd, out string
	err      error
}

// shell runs a `!` command in the working directory. Its command and
// output are printed, and are sent to the model with the next prompt (as
// Claude Code does, in <bash-input>/<bash-stdout> tags), so it can see
// what was run.
func (m *model) shell(command string) tea.Cmd {
	if command == "" {
		return nil
	}
	shellName := m.o.Shell
	if shellName == "" {
		shellName = "bash"
	}
	ctx, cwd := m.ctx, m.o.Cwd
	run := func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, shellTimeout)
		defer cancel()
		c := exec.CommandContext(ctx, shellName, "-c", command)
		c.Dir = cwd
		out := capBuffer{max: maxShellOutput}
		c.Stdout, c.Stderr = &out, &out
		inGroup(c)                // a timeout or quit kills what it started too
		c.WaitDelay = time.Second // a grandchild that keeps the pipes open
		err := c.Run()
		endGroup(c)
		return shellDoneMsg{cmd: command, out: out.b.String(), err: err}
	}
	return tea.Sequence(m.println(styleAccent.Render("! ")+command), run)
}

func (m *model) shellDone(d shellDoneMsg) tea.Cmd {
	out := strings.TrimRight(d.out, "\n")
	note := "<bash-input>" + d.cmd + "</bash-input>\n<bash-stdout>" + out + "</bash-stdout>"
	if d.err != nil {
		note += "\n<bash-stderr>" + d.err.Error() + "</bash-stderr>"
	}
	m.shellNotes = append(m.shellNotes, note)
	body := collapse(wrapOutput(out, m.width-6), 10)
	if d.err != nil {
		body = strings.TrimLeft(body+"\n"+paint(styleErr, d.err.Error()), "\n")
	}
	if body == "" {
		body = styleDim.Render("(no output)")
	}
	return m.println(indentFirst(body, "  ⎿ ", "    "))
}
