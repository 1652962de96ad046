package tui

import (
	"os"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// cmdAddDir adds a working directory for this session, checked as
// --add-dir is, and reopens the conversation so that it applies.
func (m *model) cmdAddDir(arg string) tea.Cmd {
	if arg == "" {
		return m.println(m.errorLine("Usage: /add-dir <directory>"))
	}
	if m.o.AddDir == nil {
		return m.println(m.errorLine("This session cannot add working directories"))
	}
	if m.busy {
		return m.println(m.errorLine("Wait for the turn to end (or press esc) first"))
	}
	dir := absDir(m.o.Cwd, arg)
	if err := m.o.AddDir(dir); err != nil {
		return m.println(m.errorLine(err.Error()))
	}
	return tea.Sequence(m.println(styleDim.Render("  ⎿ Added "+dir+" as a working directory for this session")), m.reload())
}

// absDir is dir made absolute: "~/" is the home directory, a relative
// path is under cwd.
func absDir(cwd, dir string) string {
	if rest, ok := strings.CutPrefix(dir, "~/"); ok {
		if home, err := os.UserHomeDir(); err == nil {
			dir = filepath.Join(home, rest)
		}
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(cwd, dir)
	}
	return filepath.Clean(dir)
}
