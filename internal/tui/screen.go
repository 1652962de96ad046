package tui

import (
	"io"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// Terminal modes the interface turns on while it runs.
const (
	syncBegin       = "\x1b[?2026h" // synchronized output: the frame appears at once
	syncEnd         = "\x1b[?2026l"
	pasteOn         = "\x1b[?2004h" // bracketed paste
	pasteOff        = "\x1b[?2004l"
	keysOn          = "\x1b[>1u" // kitty keyboard: disambiguate (shift+enter)
	keysOff         = "\x1b[<u"
	cursorShow      = "\x1b[?25h"
	cursorHide      = "\x1b[?25l"
	eraseBelow      = "\x1b[J"
	eraseLine       = "\x1b[2K"
	eraseLineRight  = "\x1b[K"
	carriageNewline = "\r\n"
)

// screen is the inline renderer. The terminal keeps everything printed
// in its scrollback; screen owns only the live region below it and
// redraws that region, whole, when it changed, inside one synchronized
// update. It draws only when asked (after an update that changed
// something), so an idle session costs nothing: no frame ticker.
type screen struct {
	w      io.Writer
	width  int
	height int
	// lines is the live region as last drawn; row is the region row the
	// terminal's cursor was left on.
	lines []string
	row   int
	// col is the column the cursor was left on, in line row.
	col int
	// cur is the cursor as last placed (nil: hidden).
	cur *tea.Cursor
	buf strings.Builder
	// frames counts the frames written (the benchmarks read it).
	frames int
}

func newScreen(w io.Writer, width, height int) *screen {
	return &screen{w: w, width: max(width, 10), height: max(height, 3)}
}

func (s *screen) resize(width, height int) {
	if width > 0 {
		s.width = width
	}
	if height > 0 {
		s.height = height
	}
}

// draw prints the new scrollback lines above the live region and
// redraws the region as content with the cursor at cur (hidden when
// nil). It writes nothing when neither changed.
func (s *screen) draw(prints []string, content string, cur *tea.Cursor) error {
	lines := s.fit(termSafe(content)) // sanitize.go: nothing drawn moves the cursor or reaches past the screen
	if len(prints) == 0 && sameLines(lines, s.lines) && sameCursor(cur, s.cur) {
		return nil
	}
	b := &s.buf
	b.Reset()
	b.WriteString(syncBegin)
	b.WriteString(cursorHide)
	// The old region is blanked line by line, each new line is blanked
	// before it is written, and the region's last line erases everything
	// below it (lines a narrowed terminal re-wrapped). Not one
	// erase-below from the region's top: tmux moves a screen erased from
	// its top-left corner into the scrollback, so a region drawn at the
	// top of a fresh pane stayed there as a stale copy.
	s.eraseRegion(b)
	for _, p := range prints {
		for _, l := range strings.Split(termSafe(p), "\n") {
			b.WriteString(l)
			b.WriteString(eraseLineRight) // the rest of a line the terminal wrapped
			b.WriteString(carriageNewline)
		}
	}
	for i, l := range lines {
		if i > 0 {
			b.WriteString(carriageNewline)
		}
		if i == len(lines)-1 {
			b.WriteString(eraseBelow)
		} else {
			b.WriteString(eraseLine)
		}
		b.WriteString(l)
	}
	if len(lines) == 0 {
		b.WriteString(eraseBelow)
	}
	s.row = max(len(lines)-1, 0)
	s.col = lastCol(lines, s.width)
	if cur != nil && len(lines) > 0 {
		y := min(max(cur.Y-(s.dropped(content)), 0), len(lines)-1)
		if up := s.row - y; up > 0 {
			b.WriteString(ansi.CursorUp(up))
		}
		b.WriteByte('\r')
		if cur.X > 0 {
			b.WriteString(ansi.CursorForward(min(cur.X, s.width-1)))
		}
		s.col = min(max(cur.X, 0), s.width-1)
		b.WriteString(cursorShow)
		s.row = y
	}
	b.WriteString(syncEnd)
	s.lines, s.cur = lines, nil
	if cur != nil {
		c := *cur
		s.cur = &c
	}
	s.frames++
	_, err := io.WriteString(s.w, b.String())
	return err
}

// eraseRegion moves to the region's top and blanks its rows one by
// one (not with one erase-below: see draw), leaving the cursor there.
// The rows are counted at the terminal's width now (screenreflow.go).
func (s *screen) eraseRegion(b *strings.Builder) {
	above, rows := s.regionRows()
	b.WriteByte('\r')
	if above > 0 {
		b.WriteString(ansi.CursorUp(above))
	}
	for i := range rows {
		b.WriteString(eraseLine)
		if i < rows-1 {
			b.WriteString(ansi.CursorDown1)
		}
	}
	if rows > 1 {
		b.WriteString(ansi.CursorUp(rows - 1))
	}
}

// fit cuts the region to the terminal: each line to the width (no
// autowrap, so the region's height is known), and the region to the
// height less one row (the region must never scroll itself, or its top
// could not be reached again); the top lines go first.
func (s *screen) fit(content string) []string {
	if content == "" {
		return nil
	}
	lines := strings.Split(content, "\n")
	for i, l := range lines {
		if ansi.StringWidth(l) > s.width {
			lines[i] = ansi.Truncate(l, s.width, "")
		}
	}
	if keep := s.height - 1; len(lines) > keep {
		lines = lines[len(lines)-keep:]
	}
	return lines
}

// dropped is how many top lines fit cut from content.
func (s *screen) dropped(content string) int {
	n := strings.Count(content, "\n") + 1
	return max(n-(s.height-1), 0)
}

// clear erases the live region (at exit), leaving the cursor where it
// began, below the scrollback.
func (s *screen) clear() error {
	var b strings.Builder
	s.eraseRegion(&b)
	b.WriteString(cursorShow)
	s.lines, s.row = nil, 0
	_, err := io.WriteString(s.w, b.String())
	return err
}

func sameCursor(a, b *tea.Cursor) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.X == b.X && a.Y == b.Y
}

func sameLines(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
