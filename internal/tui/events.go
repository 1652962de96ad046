package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/event"
	"corvid/internal/provider"
)

// event renders one conversation event.
func (m *model) event(ev event.Event) tea.Cmd {
	if cmd, ok := m.taskEvent(ev); ok { // tasks.go
		return cmd
	}
	if event.Nested(ev) {
		return nil // a sub-agent's work shows in its Agent call's result
	}
	switch ev := ev.(type) {
	case event.Init:
		m.modelName = ev.Model
		if ev.Commands != nil { // MCP prompts may have come or gone
			m.custom = customCommands(ev.Commands)
		}
		if ev.PermissionMode != "" {
			m.mode = permissionMode(ev.PermissionMode)
		}
	case event.Delta:
		return m.delta(ev)
	case event.Assistant:
		return m.assistant(ev)
	case event.ToolProgress:
		if t := m.tool(ev.ToolUseID); t != nil {
			t.progress(ev.Progress.Message)
		}
	case event.ToolResult:
		return m.toolResult(ev)
	case event.Retry:
		m.notice = retryNotice(ev)
	case event.Notice:
		return m.println(m.dim("  ⎿ " + ev.Text))
	case event.Compacted:
		return m.printf("%s", m.dim("✻ Conversation compacted ("+ev.Trigger+")"))
	case event.Result:
		return m.result(ev)
	}
	return nil
}

// delta appends a text or thinking delta and arms the redraw timer.
func (m *model) delta(d event.Delta) tea.Cmd {
	switch d.Kind {
	case event.KindText:
		m.stream.text.WriteString(d.Text)
	case event.KindThinking:
		m.stream.thinking.WriteString(d.Text)
	default:
		return nil
	}
	m.notice = ""
	return m.stream.arm()
}

// assistant prints a finished block.
func (m *model) assistant(ev event.Assistant) tea.Cmd {
	m.endRetry()
	if ev.Error != "" {
		m.stream.reset()
		m.printedText = true
		return m.println(m.errorLine(blockText(ev.Block)))
	}
	b := ev.Block
	if u := ev.Usage; u.InputTokens+u.CacheReadInputTokens+u.CacheCreationInputTokens > 0 {
		m.ctxTokens = u.InputTokens + u.CacheReadInputTokens + u.CacheCreationInputTokens + u.OutputTokens
	}
	switch b.Type {
	case provider.BlockText:
		m.printedText = true
		out := m.stream.finishText(m.md, b.Text)
		return m.println(out)
	case provider.BlockThinking:
		m.stream.thinking.Reset()
		return m.println(m.thinkingBlock(cleanMarkdown(b.Thinking)))
	case provider.BlockToolUse:
		m.tools = append(m.tools, newToolRun(b, m.o.now()))
		return m.startSpinner()
	}
	return nil
}

// toolResult prints a finished call.
func (m *model) toolResult(ev event.ToolResult) tea.Cmd {
	for i, t := range m.tools {
		if t.id == ev.ToolUseID {
			m.tools = append(m.tools[:i], m.tools[i+1:]...)
			return m.println(m.toolBlock(t, blockText(ev.Block), ev.Block.IsError))
		}
	}
	return nil
}

func (m *model) tool(id string) *toolRun {
	for _, t := range m.tools {
		if t.id == id {
			return t
		}
	}
	return nil
}

// result updates the status line and shows what a turn without an
// answer has to say (a local command's report, an error).
func (m *model) result(r event.Result) tea.Cmd {
	m.costUSD = r.TotalCostUSD
	if r.IsError {
		msg := strings.Join(r.Errors, "; ")
		if msg == "" {
			msg = r.Text
		}
		switch {
		case strings.HasPrefix(r.TerminalReason, "aborted"):
			return m.println(m.dim("  ⎿ " + msg))
		case m.printedText: // the synthetic message said it already
			return nil
		}
		if msg == "" {
			msg = r.Subtype
		}
		return m.println(m.errorLine(msg + recordHint(r))) // recordhint.go
	}
	if !m.printedText && r.Text != "" {
		return m.println(m.dim(r.Text))
	}
	return nil
}

// blockText is the text of a block, or of a tool result's content.
func blockText(b provider.Block) string {
	if b.Type == provider.BlockText {
		return b.Text
	}
	var parts []string
	for _, c := range b.Content {
		if c.Type == provider.BlockText {
			parts = append(parts, c.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// retryPrefix starts the notice shown while a request is retried.
const retryPrefix = "Retrying "

func retryNotice(r event.Retry) string {
	return retryPrefix + "(attempt " + itoa(r.Attempt) + "/" + itoa(r.MaxRetries) + ") after an API error: " + r.Message
}

// endRetry drops the retry notice: an answer came, or the turn ended.
func (m *model) endRetry() {
	if strings.HasPrefix(m.notice, retryPrefix) {
		m.notice = ""
	}
}
