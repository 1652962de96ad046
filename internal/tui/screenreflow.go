package tui

import "github.com/charmbracelet/x/ansi"

// When a terminal narrows, most terminals (tmux, kitty, iTerm2, VTE,
// Konsole, WezTerm, Windows Terminal) re-wrap the lines on the screen:
// a region line wider than the new width takes two rows or more, and
// the cursor moves with the text it was on. The region drawn before the
// resize is then taller than its line count, and a redraw that went up
// by lines left its top rows on the screen, a stale copy above the new
// region. The rows are counted as the terminal re-wrapped them. A
// terminal that cuts lines instead (xterm) then has a row or more above
// the region blanked, a smaller harm than a stale copy.

// regionRows counts the rows of the region as last drawn at the
// terminal's width now: above is how many lie above the cursor's, rows
// how many there are in all.
func (s *screen) regionRows() (above, rows int) {
	for i, l := range s.lines {
		n := wrappedRows(ansi.StringWidth(l), s.width)
		if i < s.row {
			above += n
		} else if i == s.row {
			above += min(s.col/s.width, n-1)
		}
		rows += n
	}
	return above, rows
}

// wrappedRows is how many rows a line of w cells takes at width cols.
func wrappedRows(w, cols int) int {
	if w <= cols || cols <= 0 {
		return 1
	}
	return (w + cols - 1) / cols
}

// lastCol is the column the cursor is left on after writing lines at
// width: the end of the last line (on its last cell when it fills the
// row: the terminal waits there to wrap).
func lastCol(lines []string, width int) int {
	if len(lines) == 0 {
		return 0
	}
	return min(ansi.StringWidth(lines[len(lines)-1]), width-1)
}
