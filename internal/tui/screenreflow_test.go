package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// After the terminal narrows, the redraw goes up to the top of the old
// region as the terminal re-wrapped it (tmux, the other re-wrapping
// terminals): a 35-cell line at 20 columns takes two rows, a 40-cell one
// two, the cursor's own line counts up to the cursor. Before, it went up
// by lines (2) and the top rows stayed on the screen as a stale copy.
// Widening re-wraps nothing: the move is by lines again.
func TestScreenRedrawAfterNarrowingCountsWrappedRows(t *testing.T) {
	for _, c := range []struct {
		name      string
		width     int
		cur       *tea.Cursor
		wantUp    int
		wantRows  int
		wantAbove int
	}{
		// lines: 35 cells, 40 cells, "> typed" padded to 40, status 10
		{"narrower, cursor in the box", 20, &tea.Cursor{Position: tea.Position{X: 7, Y: 2}}, 4, 7, 4},
		{"narrower, cursor past a row", 20, &tea.Cursor{Position: tea.Position{X: 25, Y: 2}}, 5, 7, 5},
		{"narrower, cursor hidden", 20, nil, 6, 7, 6},
		{"wider", 60, &tea.Cursor{Position: tea.Position{X: 7, Y: 2}}, 2, 4, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out strings.Builder
			s := newScreen(&out, 40, 30)
			content := strings.Repeat("a", 35) + "\n" + strings.Repeat("─", 40) + "\n" +
				"> typed" + strings.Repeat(" ", 33) + "\nstatus ok."
			if err := s.draw(nil, content, c.cur); err != nil {
				t.Fatal(err)
			}
			s.resize(c.width, 30)
			if above, rows := s.regionRows(); above != c.wantAbove || rows != c.wantRows {
				t.Errorf("region rows: %d above the cursor, %d in all; want %d, %d", above, rows, c.wantAbove, c.wantRows)
			}
			out.Reset()
			if err := s.draw(nil, "new\nregion", nil); err != nil {
				t.Fatal(err)
			}
			frame := strings.TrimPrefix(out.String(), syncBegin+cursorHide+"\r")
			if up := ansi.CursorUp(c.wantUp); !strings.HasPrefix(frame, up) {
				t.Errorf("the redraw starts %q, want it to go up %d rows first (%q)", frame[:min(len(frame), 12)], c.wantUp, up)
			}
			if n := strings.Count(frame, eraseLine); n != c.wantRows+1 { // the old rows, then the new region's first line
				t.Errorf("%d rows blanked, want %d", n-1, c.wantRows)
			}
		})
	}
}
