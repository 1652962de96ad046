package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/provider"
)

// maxReplayMessages caps how much of a resumed conversation is printed
// again (the rest is said in one line): the scrollback holds what the
// user needs to pick up the thread, and a long session does not make the
// start slow.
const maxReplayMessages = 200

// replay prints a conversation the interface opened with messages
// already in it (/resume, --resume, -c): the prompts, the answers
// rendered, each tool call as its line with its result collapsed.
// Reminders corvid added to a prompt are not shown.
func (m *model) replay(msgs []provider.Message) tea.Cmd {
	if len(msgs) == 0 {
		return nil
	}
	var out []string
	if skip := len(msgs) - maxReplayMessages; skip > 0 {
		out = append(out, m.dim("  ⎿ "+itoa(skip)+" earlier messages not shown"))
		msgs = msgs[skip:]
	}
	var calls []*toolRun
	for _, msg := range msgs {
		for _, b := range msg.Content {
			if s := m.replayBlock(msg.Role, b, &calls); s != "" {
				out = append(out, s)
			}
		}
	}
	for _, t := range calls { // a call the session never answered
		out = append(out, m.toolBlock(t, "(no result)", true))
	}
	return m.println(strings.Join(out, "\n"))
}

// replayBlock renders one block of a message; a tool_use waits in calls
// for its result.
func (m *model) replayBlock(role provider.Role, b provider.Block, calls *[]*toolRun) string {
	switch b.Type {
	case provider.BlockText:
		text := strings.TrimSpace(b.Text)
		if text == "" || strings.HasPrefix(text, "<system-reminder>") {
			return ""
		}
		if role == provider.RoleUser {
			return m.userLine(text)
		}
		return m.md.render(text)
	case provider.BlockThinking:
		return m.thinkingBlock(b.Thinking)
	case provider.BlockToolUse:
		*calls = append(*calls, &toolRun{id: b.ID, name: b.Name, input: b.Input, replayed: true})
	case provider.BlockToolResult:
		for i, t := range *calls {
			if t.id == b.ToolUseID {
				*calls = append((*calls)[:i], (*calls)[i+1:]...)
				return m.toolBlock(t, blockText(b), b.IsError)
			}
		}
	}
	return ""
}
