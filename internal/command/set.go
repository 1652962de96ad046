package command

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Set is the definitions of a session, by name. It is safe for
// concurrent use: nested skills join it while tools run.
type Set struct {
	mu     sync.RWMutex
	byName map[string]*Command
	names  []string // sorted
}

// newSet keeps the first definition of each name (found is in
// precedence order).
func newSet(found []*Command) *Set {
	s := &Set{byName: map[string]*Command{}}
	for _, c := range found {
		if _, dup := s.byName[c.Name]; dup {
			continue
		}
		s.byName[c.Name] = c
		s.names = append(s.names, c.Name)
	}
	sort.Strings(s.names)
	return s
}

// NewSet builds a set from definitions in precedence order (tests, and
// callers with their own sources).
func NewSet(cs ...*Command) *Set { return newSet(cs) }

// Lookup finds a definition by name (nil set: none).
func (s *Set) Lookup(name string) (*Command, bool) {
	if s == nil {
		return nil, false
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	c, ok := s.byName[name]
	return c, ok
}

// All returns the definitions sorted by name.
func (s *Set) All() []*Command {
	if s == nil {
		return nil
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	out := make([]*Command, len(s.names))
	for i, n := range s.names {
		out[i] = s.byName[n]
	}
	return out
}

// Add adds definitions whose names are free and returns those added.
func (s *Set) Add(cs ...*Command) []*Command {
	s.mu.Lock()
	defer s.mu.Unlock()
	var added []*Command
	for _, c := range cs {
		if _, dup := s.byName[c.Name]; dup {
			continue
		}
		s.byName[c.Name] = c
		s.names = append(s.names, c.Name)
		added = append(added, c)
	}
	sort.Strings(s.names)
	return added
}

// UserNames are the names a prompt may start with (/name), sorted.
func (s *Set) UserNames() []string {
	var out []string
	for _, c := range s.All() {
		if c.UserInvocable {
			out = append(out, c.Name)
		}
	}
	return out
}

// SkillNames are the skills' names, sorted.
func (s *Set) SkillNames() []string {
	var out []string
	for _, c := range s.All() {
		if c.Kind == KindSkill {
			out = append(out, c.Name)
		}
	}
	return out
}

// ModelInvocable are the definitions the Skill tool may load.
func (s *Set) ModelInvocable() []*Command {
	var out []*Command
	for _, c := range s.All() {
		if !c.DisableModelInvocation {
			out = append(out, c)
		}
	}
	return out
}

// ListingHeader opens the listing of skills the model may load.
const ListingHeader = "The following skills are available for use with the Skill tool:"

// DefaultListingBudget is the listing's size in characters when the
// caller has no better figure (about 1% of a 200k-token window).
const DefaultListingBudget = 8000

// Listing is the names and descriptions of the definitions the model may
// load, within budget characters: descriptions are cut first, then the
// last entries are left out with a note saying how many. "" when there
// are none.
func (s *Set) Listing(budget int) string {
	list := s.ModelInvocable()
	if len(list) == 0 {
		return ""
	}
	lines := make([]string, len(list))
	for i, c := range list {
		desc := c.Description
		if c.WhenToUse != "" {
			desc += " - " + c.WhenToUse
		}
		lines[i] = "- " + c.Name + ": " + truncate(strings.Join(strings.Fields(desc), " "), maxDescription)
	}
	return fit(lines, budget)
}

// fit joins lines under the header within budget: descriptions are cut
// to a per-entry share, then entries that still do not fit are counted
// in a closing note.
func fit(lines []string, budget int) string {
	share := max(budget/len(lines), 80)
	var b strings.Builder
	b.WriteString(ListingHeader + "\n\n")
	for i, l := range lines {
		l = truncate(l, share)
		if b.Len()+len(l) > budget && i > 0 {
			fmt.Fprintf(&b, "(%d more not listed; the Skill tool still accepts their exact names)\n", len(lines)-i)
			break
		}
		b.WriteString(l + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}
