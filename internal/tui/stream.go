package tui

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
)

// frameInterval bounds redraws of a streaming answer to ~30 a second.
const frameInterval = 33 * time.Millisecond

// stream is the answer being streamed. Markdown blocks that are complete
// (ended by a blank line outside a code fence) are rendered once and
// printed to the scrollback; only the unfinished tail is re-rendered, and
// only on the frame timer, which runs only while deltas arrive.
type stream struct {
	text     strings.Builder
	thinking strings.Builder
	// flushed is how many bytes of the block's text were already printed.
	flushed int
	// live is the rendered tail shown in the live region.
	live  string
	armed bool
	// renders counts tail renders (the tests bound it).
	renders int
}

type streamTickMsg struct{}

// arm starts the frame timer unless it runs already.
func (s *stream) arm() tea.Cmd {
	if s.armed {
		return nil
	}
	s.armed = true
	return tea.Tick(frameInterval, func(time.Time) tea.Msg { return streamTickMsg{} })
}

// streamTick renders what streamed since the last frame: complete blocks
// go to the scrollback, the tail to the live region.
func (m *model) streamTick() tea.Cmd {
	m.stream.armed = false
	gap := m.stream.flushed > 0
	done := m.stream.takeComplete()
	m.stream.rerender(m.md)
	if done == "" {
		return nil
	}
	return m.println(gapped(gap, m.md.render(done)))
}

// takeComplete removes and returns the complete blocks not yet printed.
func (s *stream) takeComplete() string {
	all := s.text.String()
	if s.flushed > len(all) {
		return ""
	}
	tail := all[s.flushed:]
	cut := stableCut(tail)
	if cut == 0 {
		return ""
	}
	s.flushed += cut
	return tail[:cut]
}

// rerender renders the unprinted tail for the live region.
func (s *stream) rerender(md *markdown) {
	all := s.text.String()
	if s.flushed >= len(all) {
		s.live = ""
		return
	}
	s.renders++
	s.live = md.render(all[s.flushed:])
}

// finishText ends a text block: what was not printed yet is rendered
// from the block's final text (authoritative even if deltas were lost).
func (s *stream) finishText(md *markdown, final string) string {
	printed := ""
	if all := s.text.String(); s.flushed <= len(all) {
		printed = all[:s.flushed]
	}
	rest := final
	if strings.HasPrefix(final, printed) {
		rest = final[len(printed):]
	}
	s.reset()
	if strings.TrimSpace(rest) == "" {
		return ""
	}
	return gapped(printed != "", md.render(rest))
}

// gapped puts a blank line before a block that continues a printed one.
func gapped(gap bool, s string) string {
	if gap {
		return "\n" + s
	}
	return s
}

// flushAll renders whatever streamed but never completed (a turn cut by
// an interrupt).
func (s *stream) flushAll(md *markdown) string {
	all := s.text.String()
	rest := ""
	if s.flushed < len(all) {
		rest = all[s.flushed:]
	}
	s.reset()
	if strings.TrimSpace(rest) == "" {
		return ""
	}
	return md.render(rest)
}

func (s *stream) reset() {
	s.text.Reset()
	s.thinking.Reset()
	s.flushed, s.live = 0, ""
}

// stableCut is the length of the prefix of md made of complete blocks:
// up to the last blank line that is outside a code fence. Text after it
// may still change how it renders; text before it cannot.
func stableCut(md string) int {
	cut, pos, fence := 0, 0, ""
	for pos < len(md) {
		nl := strings.IndexByte(md[pos:], '\n')
		if nl < 0 {
			break // the last line is unfinished
		}
		line := md[pos : pos+nl]
		pos += nl + 1
		trim := strings.TrimSpace(line)
		switch {
		case fence != "":
			if strings.HasPrefix(trim, fence) && strings.Trim(trim, fence[:1]) == "" {
				fence = ""
			}
		case strings.HasPrefix(trim, "```") || strings.HasPrefix(trim, "~~~"):
			fence = trim[:3]
		case trim == "" && !inList(md[:pos]):
			cut = pos
		}
	}
	return cut
}

// inList reports whether the text before a blank line ends in a list
// item, whose next line may continue the (loose) list: keep it live.
func inList(before string) bool {
	lines := strings.Split(strings.TrimRight(before, "\n"), "\n")
	last := strings.TrimSpace(lines[len(lines)-1])
	if last == "" {
		return false
	}
	if strings.HasPrefix(last, "- ") || strings.HasPrefix(last, "* ") || strings.HasPrefix(last, "+ ") {
		return true
	}
	i := 0
	for i < len(last) && last[i] >= '0' && last[i] <= '9' {
		i++
	}
	return i > 0 && i < len(last) && (last[i] == '.' || last[i] == ')')
}
