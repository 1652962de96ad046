package tui

import (
	"strings"
	"testing"
)

// A line longer than the box is wide shows whole, soft-wrapped over the
// rows it takes, so what is being typed is on screen. Before, the box
// was as tall as the count of lines (one), and showed one row of the
// wrapped line, not the one being typed.
func TestLongLineShowsWhatIsTyped(t *testing.T) {
	h := newHarness(t, 40, nil, nil)
	var b strings.Builder
	for i := range 100 {
		b.WriteByte(byte('a' + i%26))
	}
	h.tm.Type(b.String() + " END")
	h.waitFor("the whole line", func(_, v string) bool {
		return strings.Contains(v, "> abcdefghij") && strings.Contains(v, "END")
	})
	if got := strings.Count(h.currentView(), "\n> "); got != 3 {
		t.Errorf("the box has %d rows, want 3:\n%s", got, h.currentView())
	}
}
