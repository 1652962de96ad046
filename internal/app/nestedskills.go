package app

import (
	"path/filepath"
	"strings"

	"corvid/internal/command"
)

// touch loads, once per directory, the skills of the directories between
// the working directory and a file a tool touched (apps/web/.claude/skills
// when apps/web/x.go is read), and notes the new ones for the model. It
// does nothing when the Skill tool is not offered.
func (c *commands) touch(path string) {
	c.mu.Lock()
	on := c.skills
	c.mu.Unlock()
	if !on {
		return
	}
	var found []*command.Command
	for d := filepath.Dir(path); below(c.load.Cwd, d); d = filepath.Dir(d) {
		c.mu.Lock()
		seen := c.seen[d]
		c.seen[d] = true
		c.mu.Unlock()
		if seen {
			continue
		}
		cs, problems := command.LoadNested(c.load, d)
		for _, p := range problems {
			c.warn("warning: commands: %v\n", p)
		}
		found = append(found, c.set.Add(cs...)...)
	}
	if len(found) == 0 {
		return
	}
	note := command.NewSet(found...).Listing(command.DefaultListingBudget)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.notes = append(c.notes, note)
}

// drainNotes returns and forgets the notes of nested skills found.
func (c *commands) drainNotes() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.notes
	c.notes = nil
	return out
}

// below reports whether d is strictly inside root.
func below(root, d string) bool {
	rel, err := filepath.Rel(root, d)
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, "../")
}
