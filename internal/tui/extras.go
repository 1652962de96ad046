package tui

import (
	"io"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/event"
)

// extras is what the interface reads from settings for itself (the
// statusLine command, the notification channel) and the terminal's
// focus, which decides whether to notify.
type extras struct {
	settings Settings
	loaded   bool
	// channel is the resolved notification channel; inTmux wraps its
	// sequences for tmux.
	channel string
	inTmux  bool
	// blurred: the terminal said it lost focus (focus reporting); until
	// it says so the user is taken to be looking, and nothing is sent.
	blurred bool
	// session is the conversation's id, as the last Init or Result said.
	session string
	// notified counts the notifications written (tests read it).
	notified int
}

// extraUpdate handles the messages of this file's features; ok is false
// for every other message.
func (m *model) extraUpdate(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case tea.FocusMsg:
		m.ext.blurred = false
	case tea.BlurMsg:
		m.ext.blurred = true
	case statusDueMsg:
		return m.statusDue(msg), true
	case statusRanMsg:
		return m.statusRan(msg), true
	case statusRefreshMsg:
		return m.statusRefreshTick(msg), true
	default:
		return nil, false
	}
	return nil, true
}

// afterUpdate sees each message once the model has handled it: it
// loads the settings when the conversation opens (after the trust
// question), notifies when a turn ended or a permission is asked while
// the terminal is not focused, and schedules the statusLine command.
func (m *model) afterUpdate(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case openedMsg:
		if msg.err == nil && m.conv != nil {
			m.loadExtras()
			m.ext.session = m.conv.Info().SessionID
		}
	case eventMsg:
		m.observe(msg.ev)
	case turnDoneMsg:
		m.notify("corvid is waiting for your input")
	case askMsg:
		m.notify("corvid needs your permission to use " + msg.q.ToolName)
	}
	return m.scheduleStatus()
}

// observe keeps what the statusLine command is told that the model does
// not keep itself.
func (m *model) observe(ev event.Event) {
	if event.Nested(ev) {
		return
	}
	switch ev := ev.(type) {
	case event.Init:
		if ev.SessionID != "" {
			m.ext.session = ev.SessionID
		}
	case event.Result:
		m.status.apiTime += ev.DurationAPI
		if ev.SessionID != "" {
			m.ext.session = ev.SessionID
		}
	}
}

// loadExtras reads the settings (as they stand after the trust
// question) and resolves the notification channel.
func (m *model) loadExtras() {
	if m.o.Settings != nil {
		m.ext.settings = m.o.Settings()
	}
	m.ext.loaded = true
	m.armStatusRefresh() // statusrefresh.go
	m.ext.channel = notifChannel(m.ext.settings.NotifChannel, m.o.Getenv)
	m.ext.inTmux = m.o.Getenv != nil && m.o.Getenv("TMUX") != ""
}

// notify writes a notification to the terminal when it is not focused.
func (m *model) notify(body string) {
	if !m.ext.blurred || !m.ext.loaded || m.scr == nil {
		return
	}
	seq := notifBytes(m.ext.channel, notifTitle, body, m.ext.inTmux)
	if seq == "" {
		return
	}
	if _, err := io.WriteString(m.scr.w, seq); err != nil {
		m.drawErr = err
		return
	}
	m.ext.notified++
}

// Focus reporting: the terminal says when it gains and loses focus.
const (
	focusOn  = "\x1b[?1004h"
	focusOff = "\x1b[?1004l"
)
