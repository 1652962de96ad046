package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
)

// ? on an empty input shows the keys under the input box instead of
// typing itself; a second ? hides them, any other key hides them and
// does its work; a ? inside a message is text. The panel is a golden at
// 100 and at 60 columns (one column, nothing wider than the terminal).
func TestQuestionMarkShowsShortcuts(t *testing.T) {
	for _, width := range []int{100, 60} {
		t.Run(itoa(width), func(t *testing.T) {
			h := newHarness(t, width, nil, nil)
			h.tm.Type("?")
			h.waitFor("the shortcuts", func(_, v string) bool { return strings.Contains(v, "these shortcuts") })
			v := h.currentView()
			if !strings.Contains(v, "> Type a message") {
				t.Errorf("the ? was typed:\n%s", v)
			}
			for _, line := range strings.Split(v, "\n") {
				if w := ansi.StringWidth(line); w > width {
					t.Errorf("a line %d wide: %q", w, line)
				}
			}
			golden.RequireEqual(t, []byte(v))
			h.tm.Type("?")
			h.waitFor("the status line back", func(_, v string) bool {
				return !strings.Contains(v, "these shortcuts") && strings.Contains(v, "default mode")
			})
			h.tm.Type("?")
			h.waitFor("the shortcuts again", func(_, v string) bool { return strings.Contains(v, "these shortcuts") })
			h.tm.Type("why?")
			h.waitFor("the message typed", func(_, v string) bool {
				return strings.Contains(v, "> why?") && !strings.Contains(v, "these shortcuts")
			})
		})
	}
}
