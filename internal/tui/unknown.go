package tui

import (
	"slices"

	tea "charm.land/bubbletea/v2"
)

// commandName reports whether name looks like a command's name (letters,
// digits, '-', '_' and the ':' of a namespaced one), not a path such as
// /tmp/x.txt, which is a prompt.
func commandName(name string) bool {
	if name == "" {
		return false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == ':') {
			return false
		}
	}
	return true
}

// isCustom reports whether the conversation has a custom command or
// skill called name.
func (m *model) isCustom(name string) bool {
	return slices.ContainsFunc(m.custom, func(c command) bool { return c.name == name })
}

// unknownCommand says a command does not exist, with the nearest one by
// name, instead of sending the line to the model as a prompt (as Claude
// Code does).
func (m *model) unknownCommand(name string) tea.Cmd {
	msg := "Unknown command: /" + name
	if near := m.nearestCommand(name); near != "" {
		msg += ". Did you mean /" + near + "?"
	}
	return m.println(m.errorLine(msg + " · /help lists them"))
}

// nearestCommand is the built-in or custom command whose name is
// closest to name (at most two edits away), or "".
func (m *model) nearestCommand(name string) string {
	best, bestD := "", 3
	for _, list := range [][]command{commands, m.custom} {
		for _, c := range list {
			if d := editDistance(name, c.name); d < bestD {
				best, bestD = c.name, d
			}
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, by bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
