package tui

import (
	"context"
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
	job      *shellJob
}

// shell runs a `!` command in the working directory. Its command and
// output are printed, and are sent to the model with the next prompt (as
// Claude Code does, in <bash-input>/<bash-stdout> tags), so it can see
// what was run.
func (m *model) shell(command string) tea.Cmd {
	if command == "" {
		return nil
	}
	if m.sh != nil { // one at a time: the line stays in the box
		m.setInput("!" + command)
		m.notice = "A ! command is still running: wait for it, or press esc to stop it"
		return nil
	}
	shellName := m.o.Shell
	if shellName == "" {
		shellName = "bash"
	}
	ctx, cancel := context.WithTimeout(m.ctx, shellTimeout)
	job := &shellJob{cmd: command, start: m.o.now(), cancel: cancel, out: &liveBuffer{capBuffer: capBuffer{max: maxShellOutput}}}
	m.sh = job
	m.turns.Add(1) // Run waits for it at exit, once the quit killed it
	cwd := m.o.Cwd
	run := func() tea.Msg {
		defer m.turns.Done()
		defer cancel()
		c := bangCommand(ctx, shellName, command, cwd) // bangproc.go: esc, a timeout or quit stops all it started
		c.Stdout, c.Stderr = job.out, job.out
		c.WaitDelay = time.Second // a grandchild that keeps the pipes open
		err := c.Run()
		endGroup(c)
		return shellDoneMsg{cmd: command, out: job.out.String(), err: err, job: job}
	}
	m.println(styleAccent.Render("! ") + command)
	return tea.Batch(run, m.shellTicker())
}

func (m *model) shellDone(d shellDoneMsg) tea.Cmd {
	if m.sh == d.job {
		m.sh = nil
	}
	if d.job != nil && d.job.stopped {
		d.err = errShellStopped
	}
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
