package tui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"
)

// The inline renderer's bytes: prints go above the region, the region
// is redrawn inside one synchronized update, the cursor placed; an
// unchanged frame writes nothing.
func TestScreenFrames(t *testing.T) {
	var out strings.Builder
	s := newScreen(&out, 20, 6)
	steps := []struct {
		prints  []string
		content string
		cur     *tea.Cursor
	}{
		{nil, "> hi\nstatus", &tea.Cursor{Position: tea.Position{X: 4, Y: 0}}},
		{nil, "> hi\nstatus", &tea.Cursor{Position: tea.Position{X: 4, Y: 0}}}, // unchanged
		{[]string{"printed one\nprinted two"}, "a line far wider than twenty columns\n> \nstatus", &tea.Cursor{Position: tea.Position{X: 2, Y: 1}}},
		{nil, "1\n2\n3\n4\n5\n6\n7\n> ", &tea.Cursor{Position: tea.Position{X: 2, Y: 7}}}, // taller than the terminal
	}
	for _, st := range steps {
		if err := s.draw(st.prints, st.content, st.cur); err != nil {
			t.Fatal(err)
		}
		out.WriteString("\n--- frame end ---\n")
	}
	if s.frames != 3 {
		t.Errorf("%d frames written, want 3 (the unchanged one writes nothing)", s.frames)
	}
	golden.RequireEqualEscape(t, []byte(out.String()), true)
}

// Nothing is written while the session is idle: no ticker redraws.
func TestIdleWritesNothing(t *testing.T) {
	h := newHarness(t, 80, []turnFunc{answer("ok, done")}, nil)
	h.typeLine("hello")
	h.waitFor("the answer", func(p, v string) bool { return strings.Contains(p, "ok, done") && !strings.Contains(v, "Working") })
	time.Sleep(300 * time.Millisecond) // a frame timer armed by the last delta fires once
	before := h.term.String()
	time.Sleep(time.Second)
	if after := h.term.String(); after != before {
		t.Errorf("%d bytes written while idle: %q", len(after)-len(before), after[len(before):])
	}
}

// A redraw never erases from the region's top with erase-below: tmux
// moves a screen erased from its top-left corner into the scrollback, so
// the first frame of a fresh pane stayed there as a stale copy. Only the
// region's last line erases below itself.
func TestScreenNeverErasesBelowFromTheTop(t *testing.T) {
	var out strings.Builder
	s := newScreen(&out, 40, 10)
	for i, content := range []string{"rule\n> \nrule\nstatus", "rule\n> x\nrule\nstatus", "one line"} {
		out.Reset()
		if err := s.draw([]string{"printed " + itoa(i)}, content, nil); err != nil {
			t.Fatal(err)
		}
		frame := out.String()
		lines := strings.Split(content, "\n")
		want := eraseBelow + lines[len(lines)-1]
		if strings.Count(frame, eraseBelow) != 1 || !strings.Contains(frame, want) {
			t.Errorf("frame %d: erase-below not only before the last line: %q", i, frame)
		}
	}
}
