package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// afterTurn names the built-in commands that cannot run while a turn
// does: typed then, they are queued with the messages and run at the
// turn's end, in the order typed, as Claude Code does with /clear;
// before, they were refused and the line was gone.
var afterTurn = map[string]bool{"clear": true, "resume": true, "rewind": true, "add-dir": true,
	"export": true, "init": true}

// waitsForTurn reports whether the command line must wait for the
// running turn to end (/model and /memory only to set or open one).
func waitsForTurn(name, arg string) bool {
	return afterTurn[name] || (arg != "" && (name == "model" || name == "memory"))
}

// takeQueued takes what the queue sends next: one slash command on its
// own (it never joins a prompt, where it would be text for the model),
// or the messages up to the next command, joined as one prompt.
func (m *model) takeQueued() (line string, command bool) {
	if isSlash(m.queue[0]) {
		line, m.queue = m.queue[0], m.queue[1:]
		return line, true
	}
	n := 1
	for n < len(m.queue) && !isSlash(m.queue[n]) {
		n++
	}
	line = strings.Join(m.queue[:n], "\n\n")
	m.queue = m.queue[n:]
	return line, false
}

// sendQueue sends the queued messages and runs the queued commands, in
// order, until one of them starts a turn (the rest then waits for its
// end).
func (m *model) sendQueue() tea.Cmd {
	var cmds []tea.Cmd
	for len(m.queue) > 0 && !m.busy && m.conv != nil {
		line, command := m.takeQueued()
		if command {
			cmds = append(cmds, m.command(line))
		} else {
			cmds = append(cmds, m.startTurn(line))
		}
	}
	return tea.Sequence(cmds...)
}

// editQueue is up on an empty input while messages wait for the turn's
// end: they come back into the box, one a line, to be edited and sent
// again (as in Claude Code: "Press up to edit queued messages").
func (m *model) editQueue() bool {
	if m.input.Value() != "" || len(m.queue) == 0 || m.hist.browsing() {
		return false
	}
	m.setInput(strings.Join(m.queue, "\n"))
	m.queue = nil
	return true
}
