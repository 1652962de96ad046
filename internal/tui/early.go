package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// Slash commands typed while the conversation is opening (at start, or
// while /clear, /resume or a settings edit reopens it) would find no
// conversation to ask, and most would do nothing at all. They are held
// and run, in the order typed, once it has opened.

// freeOfConversation names the commands that need no conversation.
var freeOfConversation = map[string]bool{"help": true, "vim": true, "exit": true}

// needsConversation reports whether the command line /name arg needs
// the conversation (/init scan writes CLAUDE.md itself).
func needsConversation(name, arg string) bool {
	if name == "init" {
		return !strings.HasPrefix(arg, "scan")
	}
	return !freeOfConversation[name]
}

// holdUntilOpen keeps line for later when the conversation is not open
// and the command needs it, and reports whether it did.
func (m *model) holdUntilOpen(name, arg, line string) bool {
	if m.conv != nil || !needsConversation(name, arg) {
		return false
	}
	m.early = append(m.early, line)
	return true
}

// earlyCmd runs the held commands, in order, in an update of their own
// after the one that installed the conversation: a command that reopens
// it (a settings edit) must not take it away while that update and its
// observers still use it. nil when none is held.
func (m *model) earlyCmd() tea.Cmd {
	if len(m.early) == 0 {
		return nil
	}
	return func() tea.Msg {
		return applyMsg(func(m *model) tea.Cmd {
			lines := m.early
			m.early = nil
			cmds := make([]tea.Cmd, 0, len(lines))
			for _, l := range lines {
				cmds = append(cmds, m.command(l))
			}
			return tea.Sequence(cmds...)
		})
	}
}
