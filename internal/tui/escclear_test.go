package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// Esc Esc clears a draft, as in Claude Code: the first Esc says so, the
// second clears the box, and up brings the draft back. Before, Esc did
// nothing while the box held text.
func TestEscEscClearsTheDraft(t *testing.T) {
	h := newHarness(t, 80, nil, nil)
	h.waitFor("the conversation", func(p, _ string) bool { return strings.Contains(p, "corvid") })
	h.tm.Type("a long draft")
	h.key(tea.KeyEscape, 0)
	h.waitFor("the hint", func(_, v string) bool {
		return strings.Contains(v, "Esc again to clear") && strings.Contains(v, "> a long draft")
	})
	h.key(tea.KeyEscape, 0)
	h.waitFor("the empty box", func(_, v string) bool {
		return strings.Contains(v, "> Type a message") && !strings.Contains(v, "Esc again")
	})
	h.key(tea.KeyUp, 0)
	h.waitFor("the draft again", func(_, v string) bool { return strings.Contains(v, "> a long draft") })
	h.tm.Type("!")
	h.key(tea.KeyEscape, 0)
	h.tm.Type("?") // another key in between: no clearing
	h.key(tea.KeyEscape, 0)
	h.waitFor("the draft kept", func(_, v string) bool { return strings.Contains(v, "> a long draft!?") })
}

// In vim mode Esc is for the modes: pressed again and again, it never
// clears the draft.
func TestEscEscKeepsTheDraftInVimMode(t *testing.T) {
	h := newHarness(t, 80, nil, nil)
	h.waitFor("the conversation", func(p, _ string) bool { return strings.Contains(p, "corvid") })
	h.typeLine("/vim")
	h.tm.Type("hello vim") // vim mode starts in insert mode
	for range 4 {
		h.key(tea.KeyEscape, 0)
	}
	h.tm.Type("x") // a normal-mode command after the escapes: the draft is still there to edit
	h.waitFor("the draft kept", func(_, v string) bool { return strings.Contains(v, "> hello vi") })
}
