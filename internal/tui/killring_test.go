package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// ctrl+w, ctrl+k and ctrl+u keep what they delete, and ctrl+y puts it
// back at the cursor, as in a shell and in Claude Code. Before, ctrl+y
// did nothing and the deleted text was gone.
func TestCtrlYYanksWhatWasDeleted(t *testing.T) {
	h := newHarness(t, 80, nil, nil)
	h.tm.Type("alpha beta")
	h.key('w', tea.ModCtrl)
	h.waitFor("the word gone", func(_, v string) bool { return strings.Contains(v, "> alpha \n") || strings.Contains(v, "> alpha  ") })
	h.tm.Type("gamma ")
	h.key('y', tea.ModCtrl)
	h.waitFor("the word back", func(_, v string) bool { return strings.Contains(v, "> alpha gamma beta") })
	h.key('a', tea.ModCtrl)
	h.key('k', tea.ModCtrl)
	h.waitFor("an empty box", func(_, v string) bool { return strings.Contains(v, "> Type a message") })
	h.key('y', tea.ModCtrl)
	h.waitFor("the line back", func(_, v string) bool { return strings.Contains(v, "> alpha gamma beta") })
}

func TestRemoved(t *testing.T) {
	for _, c := range [][3]string{{"alpha beta", "alpha ", "beta"}, {"abc", "ac", "b"}, {"aaa", "aa", "a"}, {"x", "x", ""}, {"héllo wörld", "héllo ", "wörld"}} {
		if got := removed(c[0], c[1]); got != c[2] {
			t.Errorf("removed(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}
