package tui

import (
	"context"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/provider"
)

// Update dispatches one message and draws what it changed.
func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if cmd, ok := m.extraUpdate(msg); ok {
		m.render()
		return m, cmd
	}
	cmd := m.update(msg)
	cmd = tea.Batch(cmd, m.afterUpdate(msg), m.settleAfter(msg))
	if list := m.listFilesCmd(); list != nil {
		cmd = tea.Batch(cmd, list)
	}
	m.render()
	return m, cmd
}

func (m *model) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		return m.resize(msg.Width, msg.Height)
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.PasteMsg:
		return m.paste(msg.Content)
	case openedMsg:
		return m.opened(msg)
	case eventMsg:
		return m.event(msg.ev)
	case askMsg:
		if m.dialog != nil { // another call asks meanwhile: one at a time
			m.asks = append(m.asks, msg)
			return nil
		}
		m.dialog = newPermissionDialog(msg)
		return nil
	case turnDoneMsg:
		return m.turnDone()
	case streamTickMsg:
		return m.streamTick()
	case spinTickMsg:
		return m.spinTick()
	case ctrlCExpiredMsg:
		m.ctrlCArmed, m.notice = false, ""
		return nil
	case shellDoneMsg:
		return m.shellDone(msg)
	case shellTickMsg:
		return m.shellTicked()
	case filesMsg:
		return m.filesListed(msg)
	case applyMsg:
		return msg(m)
	case tea.BackgroundColorMsg:
		m.background(msg) // palette.go
		return nil
	}
	if !m.blocked() {
		var cmd tea.Cmd
		m.input, cmd = m.input.Update(msg)
		return cmd
	}
	return nil
}

// resize re-wraps the live region; what is in the scrollback stays as it
// was printed, as in any terminal program.
func (m *model) resize(w, h int) tea.Cmd {
	if m.scr != nil {
		m.scr.resize(w, h)
	}
	if w <= 0 || w == m.width {
		return nil
	}
	m.width = w
	m.input.SetWidth(max(w-2, 10))
	m.md.setWidth(w)
	m.stream.rerender(m.md)
	return nil
}

// opened installs the conversation and submits the first prompt.
func (m *model) opened(msg openedMsg) tea.Cmd {
	if cmd, ok := m.openFailed(msg); ok { // reopenfail.go
		return cmd
	}
	if msg.err != nil { // Run returns it: corvid says it on stderr and exits 1
		m.openErr = fmt.Errorf("%w: %w", ErrOpen, msg.err)
		m.quitting = true
		return tea.Quit
	}
	m.conv = msg.conv
	info := m.conv.Info()
	m.modelName = info.Model
	m.custom = customCommands(info.Commands)
	m.updateMenu() // a "/" typed while the conversation opened
	cmds := []tea.Cmd{m.adoptMode(permissionMode(info.PermissionMode))}
	if !m.reloading { // a reload keeps the conversation already on screen
		cmds = append(cmds, m.println(m.banner(info.Cwd)), m.replay(m.conv.Messages()))
	}
	m.reloading = false
	if p := m.o.Prompt; p != "" {
		m.o.Prompt = ""
		cmds = append(cmds, m.submit(p))
	}
	if !m.busy && len(m.queue) > 0 { // typed while the conversation opened
		cmds = append(cmds, m.sendQueue())
	}
	cmds = append(cmds, m.earlyCmd())
	return tea.Sequence(cmds...)
}

// submit sends text as the next prompt, or queues it while a turn runs.
func (m *model) submit(text string) tea.Cmd {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	if m.busy || m.conv == nil {
		m.queue = append(m.queue, text)
		return nil
	}
	return m.startTurn(text)
}

// startTurn prints the prompt and runs it on its own goroutine.
func (m *model) startTurn(text string) tea.Cmd {
	run := m.runTurn(text)
	return tea.Sequence(m.println(m.userLine(text)), run)
}

// runTurn submits text as a turn without echoing it (a command such as
// /init, whose own line stands for it, sends a longer prompt).
func (m *model) runTurn(text string) tea.Cmd {
	m.busy, m.printedText = true, false
	blocks := []provider.Block{}
	if !isSlash(text) {
		for _, n := range m.shellNotes {
			blocks = append(blocks, provider.TextBlock(n))
		}
		m.shellNotes = nil
	}
	blocks = append(blocks, m.promptBlocks(text)...) // the images attached (imageprompt.go)
	ctx, cancel := context.WithCancel(m.ctx)
	m.turnCtx = cancel
	conv := m.conv
	m.turns.Add(1)
	run := func() tea.Msg {
		defer m.turns.Done()
		defer cancel()
		conv.Submit(ctx, blocks)
		return turnDoneMsg{}
	}
	return run
}

// turnDone closes a turn and sends what was queued meanwhile, as one
// prompt.
func (m *model) turnDone() tea.Cmd {
	m.busy = false
	m.endRetry()
	m.dropQuestions()
	m.turnCtx = nil
	var cmds []tea.Cmd
	if out := m.stream.flushAll(m.md); out != "" {
		cmds = append(cmds, m.println(out))
	}
	for _, t := range m.tools { // a turn cut short leaves calls unanswered
		cmds = append(cmds, m.println(m.toolBlock(t, "(no result: the turn was interrupted)", true)))
	}
	m.tools = nil
	if len(m.queue) > 0 {
		cmds = append(cmds, m.sendQueue())
	}
	return tea.Sequence(cmds...)
}

// interrupt stops the running turn (Esc): the conversation answers the
// running calls and keeps the transcript valid.
func (m *model) interrupt() tea.Cmd {
	if !m.busy || m.conv == nil {
		return nil
	}
	m.conv.Interrupt()
	m.notice = "Interrupted · what should corvid do instead?"
	return nil
}

// blocked reports whether a dialog owns the keyboard.
func (m *model) blocked() bool { return m.dialog != nil }

// println prints s above the live region, into the scrollback, in the
// terminal's colour profile, with the next frame; prints keep their
// order.
func (m *model) println(s string) tea.Cmd {
	if s != "" {
		m.outbox = append(m.outbox, m.colours(s))
	}
	return nil
}

func (m *model) printf(format string, a ...any) tea.Cmd { return m.println(fmt.Sprintf(format, a...)) }

// render draws what changed: the prints waiting in the outbox, then the
// live region. It runs after every update, never on a timer.
func (m *model) render() {
	content, cur := m.frame()
	if m.o.onView != nil {
		m.o.onView(content)
	}
	prints := m.outbox
	m.outbox = nil
	if m.o.onPrint != nil && len(prints) > 0 {
		m.o.onPrint(strings.Join(prints, "\n"))
	}
	if m.scr != nil {
		if err := m.scr.draw(prints, content, cur); err != nil {
			m.drawErr = err
		}
	}
}
