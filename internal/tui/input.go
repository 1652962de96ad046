package tui

import (
	"math"
	"time"

	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
)

// maxEditorHeight is the tallest the input box grows.
const maxEditorHeight = 8

// newEditor is the multi-line input: enter sends (handled by the model),
// shift+enter and ctrl+j insert a newline, emacs keys move. It draws no
// cursor of its own (the terminal's cursor is used), so nothing blinks
// on a timer.
func newEditor(width int) textarea.Model {
	ta := textarea.New()
	ta.ShowLineNumbers = false
	ta.CharLimit = 0
	// The box grows with the rows the text takes, soft-wrapped lines
	// included, up to maxEditorHeight (then it scrolls); the content
	// itself is not capped. Sized by logical lines, a line longer than
	// the width showed one row, not the one being typed.
	ta.DynamicHeight, ta.MinHeight, ta.MaxHeight = true, 1, maxEditorHeight
	ta.MaxContentHeight = math.MaxInt32
	ta.Prompt = "> "
	ta.Placeholder = "Type a message · / for commands · ! for shell"
	ta.KeyMap.InsertNewline = key.NewBinding(key.WithKeys("shift+enter", "ctrl+j", "alt+enter"))
	ta.SetVirtualCursor(false)
	ta.SetStyles(editorStyles()) // palette.go
	ta.SetWidth(max(width-2, 10))
	ta.SetHeight(1)
	ta.Focus()
	return ta
}

// key handles a key press: dialogs first, then the global keys, then the
// editor.
func (m *model) key(k tea.KeyPressMsg) tea.Cmd {
	if m.dialog != nil {
		if m.guardDialogKey(k) { // dialogguard.go
			return nil
		}
		return m.dialogKey(k)
	}
	m.noteTyping(k)
	s := k.String()
	if s != "ctrl+c" && m.ctrlCArmed {
		m.ctrlCArmed, m.notice = false, ""
	}
	if s != "esc" {
		m.lastEsc = time.Time{} // Esc Esc means two in a row
		if m.notice == escClearNotice {
			m.notice = ""
		}
	}
	if m.search != nil {
		return m.searchKey(k)
	}
	if m.shortcutsKey(s) { // shortcuts.go
		return nil
	}
	if m.menu != nil {
		if cmd, ok := m.menuKey(s); ok {
			return cmd
		}
	}
	if m.vim.on {
		if cmd, ok := m.vimKey(k); ok {
			return cmd
		}
	}
	switch s {
	case "enter":
		return m.enter()
	case "esc", "alt+esc":
		return m.esc(s) // rewind.go
	case "ctrl+c":
		return m.ctrlC()
	case "ctrl+d":
		if m.input.Value() == "" {
			return m.quit()
		}
	case "shift+tab":
		return m.cycleMode()
	case "ctrl+o":
		return m.toggleExpand()
	case "ctrl+r":
		return m.startSearch()
	case "ctrl+v":
		return m.pasteClipboard() // image.go
	case "backspace":
		if m.deletePlaceholder() { // placeholder.go
			return nil
		}
	case "up":
		if m.editQueue() { // queuecmd.go
			return nil
		}
		if m.input.Line() == 0 && m.hist.canBrowse(m.input.Value()) {
			m.recall(m.hist.prev(m.input.Value(), m.attachmentOf(m.input.Value())))
			return nil
		}
	case "down":
		if m.input.Line() == m.input.LineCount()-1 && m.hist.browsing() {
			m.recall(m.hist.next())
			return nil
		}
	}
	if cmd, ok := m.killKey(k); ok { // killring.go
		return cmd
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(k)
	m.afterEdit()
	return cmd
}

// enter sends the input; a line ending in a backslash continues instead.
func (m *model) enter() tea.Cmd {
	v := m.input.Value()
	if strings.HasSuffix(v, "\\") && m.input.Line() == m.input.LineCount()-1 {
		m.input.SetValue(strings.TrimSuffix(v, "\\") + "\n")
		m.afterEdit()
		return nil
	}
	if m.imagesLoading(v) {
		return nil
	}
	text := m.pastes.expand(v)
	if strings.TrimSpace(text) == "" {
		return nil
	}
	m.hist.add(v, m.attachmentOf(v))
	m.vim.normal, m.vim.pending = false, "" // a new prompt starts in insert mode
	m.setInput("")
	m.pastes = pastes{}
	m.notice = ""
	switch {
	case strings.HasPrefix(text, "!"):
		return m.shell(strings.TrimSpace(text[1:]))
	case isSlash(text):
		return m.command(text)
	}
	return m.submit(text)
}

// ctrlC clears the input; on an empty input it arms exit, and a second
// press within two seconds exits. While a turn or a `!` command runs it
// stops that first and keeps a draft, as Claude Code does.
func (m *model) ctrlC() tea.Cmd {
	if (m.busy || m.sh != nil) && m.input.Value() != "" {
		m.interrupt()
		m.stopShell()
		return nil
	}
	if m.input.Value() != "" {
		m.setInput("")
		m.pastes = pastes{}
		return nil
	}
	if m.ctrlCArmed {
		return m.quit()
	}
	if m.busy || m.sh != nil { // as esc: stop the turn and a `!` command; a second ctrl+c exits
		m.interrupt()
		m.stopShell()
	}
	m.ctrlCArmed = true
	m.notice = "Press Ctrl-C again to exit"
	return tea.Tick(ctrlCWindow, func(time.Time) tea.Msg { return ctrlCExpiredMsg{} })
}

// ctrlCExpiredMsg disarms the second Ctrl-C.
type ctrlCExpiredMsg struct{}

func (m *model) quit() tea.Cmd {
	m.quitting = true
	m.stopShell()
	if m.busy && m.conv != nil {
		m.conv.Interrupt()
	}
	return tea.Quit
}

func (m *model) setInput(s string) {
	m.input.SetValue(s)
	m.afterEdit()
}

// afterEdit refreshes the command menu (the box sizes itself).
func (m *model) afterEdit() {
	m.updateMenu()
}

// ctrlCWindow is how long a first Ctrl-C waits for the second.
const ctrlCWindow = 2 * time.Second
