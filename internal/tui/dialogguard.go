package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// typingGuard is how long after a typed character a permission or trust
// dialog takes a digit or enter for more typing rather than an answer.
// Someone typing a message when the dialog opens ("fix issue 1⏎") must
// not approve a call by it; a key pressed on its own, after a look at
// the dialog, answers as usual.
const typingGuard = 500 * time.Millisecond

// noteTyping records a character typed into the input box; a sent
// prompt ends the typing.
func (m *model) noteTyping(k tea.KeyPressMsg) {
	switch {
	case k.String() == "enter":
		m.typedAt = time.Time{}
	case isTextKey(k):
		m.typedAt = m.o.now()
	}
}

// guardDialogKey keeps the typing that reaches a permission or trust
// dialog out of its answers: text is dropped (as Claude Code drops it),
// and a digit or enter within typingGuard of the last typed character is
// more typing. It reports whether it took k.
func (m *model) guardDialogKey(k tea.KeyPressMsg) bool {
	if !m.guarded() {
		return false
	}
	now := m.o.now()
	recent := !m.typedAt.IsZero() && now.Sub(m.typedAt) < typingGuard
	s := k.String()
	answerDigit := len(s) == 1 && s[0] >= '1' && int(s[0]-'0') <= len(m.dialog.options())
	switch {
	case isTextKey(k) && (recent || !answerDigit):
		m.typedAt = now
		return true
	case s == "enter" && recent:
		return true
	}
	return false
}

// guarded reports whether the open dialog is a permission or trust
// question, whose answers typing and pastes must not give.
func (m *model) guarded() bool {
	switch m.dialog.(type) {
	case *permissionDialog, *trustDialog:
		return true
	}
	return false
}

// isTextKey: a key that types text (shift allowed, no other modifier).
func isTextKey(k tea.KeyPressMsg) bool {
	return k.Text != "" && k.Mod&^tea.ModShift == 0
}
