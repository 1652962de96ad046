package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// histSearch is ctrl+r's reverse search through the prompt history.
type histSearch struct {
	query string
	// match indexes the history entry shown (-1: none matches).
	match int
	draft string
}

// startSearch opens the search, or, when open, looks further back.
func (m *model) startSearch() tea.Cmd {
	if m.search == nil {
		m.search = &histSearch{draft: m.input.Value(), match: -1}
		m.search.find(m.hist.entries, len(m.hist.entries)-1)
		return nil
	}
	if s := m.search; s.match > 0 {
		if !s.find(m.hist.entries, s.match-1) {
			s.find(m.hist.entries, s.match) // no older one: stay
		}
	}
	return nil
}

// find selects the newest entry at or before from that contains the
// query (case-insensitively); it reports whether one did.
func (s *histSearch) find(entries []string, from int) bool {
	q := strings.ToLower(s.query)
	for i := min(from, len(entries)-1); i >= 0; i-- {
		if strings.Contains(strings.ToLower(entries[i]), q) {
			s.match = i
			return true
		}
	}
	s.match = -1
	return false
}

// searchKey handles a key while the search is open: typing narrows it,
// ctrl+r goes further back, enter or tab takes the match into the input,
// esc (or ctrl+c, ctrl+g) puts the input back as it was.
func (m *model) searchKey(k tea.KeyPressMsg) tea.Cmd {
	s := m.search
	switch k.String() {
	case "ctrl+r":
		return m.startSearch()
	case "enter", "tab", "right", "end", "ctrl+e":
		m.search = nil
		if s.match >= 0 {
			m.recall(m.hist.entries[s.match], m.hist.att[s.match])
			m.input.CursorEnd()
		}
		return nil
	case "esc", "ctrl+c", "ctrl+g":
		m.search = nil
		m.setInput(s.draft)
		return nil
	case "backspace":
		if s.query != "" {
			r := []rune(s.query)
			s.query = string(r[:len(r)-1])
			s.find(m.hist.entries, len(m.hist.entries)-1)
		}
		return nil
	}
	if k.Text != "" && k.Mod&^(tea.ModShift) == 0 {
		s.query += k.Text
		s.find(m.hist.entries, len(m.hist.entries)-1)
	}
	return nil
}

// searchView is the search's line, in place of the input box.
func (m *model) searchView() string {
	s := m.search
	label := "(reverse-i-search)"
	match := ""
	if s.match >= 0 {
		match = firstLine(m.hist.entries[s.match])
	} else if s.query != "" {
		label = "(failed reverse-i-search)"
	}
	line := styleDim.Render(label) + "`" + s.query + "': " + match
	return ansi.Truncate(line, max(m.width-1, 10), "…")
}
