package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// A file made after the first @ (by the model, a `!` command or another
// terminal) is offered by the next @: each new @word lists the files
// again. Before, the first listing was kept for the whole session.
func TestAtMentionSeesNewFiles(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"old-notes.txt": ""})
	h := newHarness(t, 80, nil, func(o *Options) { o.Cwd = dir })
	h.tm.Type("@old")
	h.waitFor("the first listing", func(_, v string) bool { return strings.Contains(v, "❯ @old-notes.txt") })
	h.key('u', tea.ModCtrl)
	h.waitFor("the empty box", func(_, v string) bool { return !strings.Contains(v, "❯") })
	if err := os.WriteFile(filepath.Join(dir, "fresh-plan.md"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	h.tm.Type("see @fresh")
	h.waitFor("the new file", func(_, v string) bool { return strings.Contains(v, "❯ @fresh-plan.md") })
}
