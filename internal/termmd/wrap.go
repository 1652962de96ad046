package termmd

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// span is a run of text in one style.
type span struct {
	text string
	st   style
}

// line is a line being filled: its text and display width.
type line struct {
	b     strings.Builder
	width int
}

// wrap lays spans out in lines of at most width columns, breaking at
// spaces (a word longer than a line is cut), and at "\n" (a hard break).
// Each word is styled on its own, so every line stands alone: no
// attribute runs on into the margin of the next.
func wrap(spans []span, width int, color bool) []string {
	w := &wrapper{width: max(width, 1), color: color}
	for _, sp := range spans {
		if sp.st.has(glue) && !strings.Contains(sp.text, "\n") {
			w.add(sp.text, sp.st)
			continue
		}
		start := 0
		for i := 0; i < len(sp.text); i++ {
			switch c := sp.text[i]; c {
			case ' ', '\t', '\n':
				w.add(sp.text[start:i], sp.st)
				w.endWord()
				if c == '\n' {
					w.newline()
				} else {
					w.space = true
				}
				start = i + 1
			}
		}
		w.add(sp.text[start:], sp.st)
	}
	w.endWord()
	if w.cur.width > 0 || len(w.lines) == 0 {
		w.lines = append(w.lines, w.cur.b.String())
	}
	return w.lines
}

type wrapper struct {
	width int
	color bool
	lines []string
	cur   line
	// word is the word being read, in styled parts; space is whether a
	// space precedes it.
	word  []span
	wordW int
	space bool
}

func (w *wrapper) add(text string, st style) {
	if text == "" {
		return
	}
	if n := len(w.word); n > 0 && w.word[n-1].st == st {
		w.word[n-1].text += text
	} else {
		w.word = append(w.word, span{text, st})
	}
	w.wordW += textWidth(text)
}

func (w *wrapper) newline() {
	w.lines = append(w.lines, w.cur.b.String())
	w.cur = line{}
	w.space = false
}

// endWord places the word read so far.
func (w *wrapper) endWord() {
	if len(w.word) == 0 {
		return
	}
	gap := 0
	if w.space && w.cur.width > 0 {
		gap = 1
	}
	if w.cur.width > 0 && w.cur.width+gap+w.wordW > w.width {
		w.newline()
		gap = 0
	}
	if gap == 1 {
		w.cur.b.WriteByte(' ')
		w.cur.width++
	}
	for _, p := range w.word {
		w.put(p)
	}
	w.word, w.wordW, w.space = w.word[:0], 0, false
}

// put writes a part, cutting it where the line is full.
func (w *wrapper) put(p span) {
	text := p.text
	for text != "" {
		room := w.width - w.cur.width
		if room <= 0 {
			w.newline()
			room = w.width
		}
		piece := text
		if textWidth(text) > room {
			piece = ansi.Truncate(text, room, "")
			if piece == "" { // a wide character that does not fit
				w.newline()
				continue
			}
		}
		text = text[len(piece):]
		w.cur.width += textWidth(piece)
		if w.color {
			piece = paintStyle(p.st, piece)
		}
		w.cur.b.WriteString(piece)
	}
}

// textWidth is the display width of plain text, counted byte by byte
// when it is ASCII.
func textWidth(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 || c < 0x20 {
			return ansi.StringWidth(s)
		}
	}
	return len(s)
}
