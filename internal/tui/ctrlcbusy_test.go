package tui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// Ctrl+C while a turn runs stops it even with a draft in the box, and
// the draft stays, as in Claude Code. Before, it cleared the draft and
// the turn ran on.
func TestCtrlCStopsTheTurnAndKeepsTheDraft(t *testing.T) {
	h := newHarness(t, 80, []turnFunc{blockUntilInterrupt}, nil)
	h.typeLine("first")
	h.waitFor("the stream", func(p, v string) bool { return strings.Contains(p+v, "Working on it") })
	h.tm.Type("my next idea")
	h.key('c', tea.ModCtrl)
	h.waitFor("the interrupt", func(p, _ string) bool { return strings.Contains(p, "Interrupted by user") })
	time.Sleep(50 * time.Millisecond)
	if v := h.currentView(); !strings.Contains(v, "> my next idea") {
		t.Errorf("the draft is gone:\n%s", v)
	}
}
