package tui

import (
	"fmt"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"corvid/internal/checkpoint"
	"corvid/internal/event"
)

// codeNote is the rewind picker's note when files can be restored.
const codeNote = "Files changed by Write, Edit, MultiEdit and NotebookEdit can be restored; changes made by Bash are not tracked."

// maxRestoreFiles is how many changed files the restore question lists.
const maxRestoreFiles = 8

// CodeRewinder is a Rewinder that can also put back the files corvid's
// file tools changed since a prompt (*app.Conversation).
type CodeRewinder interface {
	FileChanges(id int) ([]checkpoint.Change, error)
	RestoreFiles(id int) (checkpoint.Report, error)
}

// askRestore opens the restore question for prompt p when the turns since
// changed files; false when there is nothing to ask.
func (m *model) askRestore(p event.Prompt) bool {
	cr, ok := m.conv.(CodeRewinder)
	if !ok {
		return false
	}
	changes, err := cr.FileChanges(p.ID)
	if err != nil || len(changes) == 0 {
		return false
	}
	m.dialog = &restoreDialog{prompt: p, changes: changes}
	return true
}

// restoreDialog asks what to restore: code and conversation, the
// conversation only or the code only, listing the files with their +/-
// line counts.
type restoreDialog struct {
	prompt  event.Prompt
	changes []checkpoint.Change
	sel     int
}

func (d *restoreDialog) options() []string {
	return []string{"Restore code and conversation", "Restore conversation", "Restore code", "Cancel (esc)"}
}

func (d *restoreDialog) cursor() *int { return &d.sel }

func (d *restoreDialog) view(m *model) string {
	var b strings.Builder
	b.WriteString(styleBold.Render("Rewind to before: "+truncate(firstLine(d.prompt.Text), m.width-24)) + "\n")
	n := len(d.changes)
	b.WriteString(fmt.Sprintf("%d %s changed since:\n", n, plural(n, "file", "files")))
	pathW := 0
	for _, c := range d.changes {
		pathW = max(pathW, len([]rune(m.relPath(c.Path))))
	}
	pathW = min(pathW, max(m.width/2, 12))
	for i, c := range d.changes {
		if i == maxRestoreFiles {
			b.WriteString(styleDim.Render(fmt.Sprintf("  … and %d more", n-i)) + "\n")
			break
		}
		b.WriteString("  " + m.changeLine(c, pathW) + "\n")
	}
	b.WriteString(styleDim.Render(ansi.Wrap("Changes made by Bash are not tracked and stay as they are.", max(m.width-4, 20), "")) + "\n")
	opts := d.options()
	for i := range opts {
		opts[i] = truncate(opts[i], m.width-6)
	}
	return box(b.String()+optionList(opts, d.sel), m.width)
}

// changeLine is one changed file: its path (in a column pathW wide),
// what the turns did to it and whether it can be restored.
func (m *model) changeLine(c checkpoint.Change, pathW int) string {
	path := truncate(m.relPath(c.Path), pathW)
	add, del := fmt.Sprintf("+%d", c.Added), fmt.Sprintf("-%d", c.Removed)
	line := path + strings.Repeat(" ", max(pathW-len([]rune(path)), 0)) + "  " +
		styleAdd.Render(fmt.Sprintf("%5s", add)) + " " + styleDel.Render(del)
	room := m.width - 6 - pathW - 13
	line += strings.Repeat(" ", max(5-len(del), 0)) + " "
	switch {
	case c.Lost != "":
		return line + styleErr.Render(truncate("not restorable: "+c.Lost, room))
	case c.Created:
		return line + styleDim.Render(truncate("(created; restoring removes it)", room))
	case c.Deleted:
		return line + styleDim.Render(truncate("(deleted since; restoring puts it back)", room))
	}
	return strings.TrimRight(line, " ")
}

func (m *model) relPath(p string) string {
	if r, err := filepath.Rel(m.o.Cwd, p); err == nil && m.o.Cwd != "" && !strings.HasPrefix(r, "..") {
		return r
	}
	return p
}

func (d *restoreDialog) choose(m *model, i int) tea.Cmd {
	switch i {
	case 0:
		report, ok := m.restoreFiles(d.prompt.ID)
		if !ok {
			return report
		}
		return tea.Sequence(report, m.rewindTo(d.prompt.ID, "code and conversation"))
	case 1:
		return m.rewindTo(d.prompt.ID, "conversation only; files unchanged")
	case 2:
		report, _ := m.restoreFiles(d.prompt.ID)
		return report
	}
	return nil
}

// restoreFiles puts the files back and prints exactly which were restored
// and which could not be; ok is false when restoring failed as a whole.
func (m *model) restoreFiles(id int) (tea.Cmd, bool) {
	cr, ok := m.conv.(CodeRewinder)
	if !ok {
		return m.println(m.errorLine(errNoRewind.Error())), false
	}
	rep, err := cr.RestoreFiles(id)
	if err != nil {
		return m.println(m.errorLine("Restoring the files failed: " + err.Error())), false
	}
	var lines []string
	if n := len(rep.Restored); n > 0 {
		names := make([]string, n)
		for i, p := range rep.Restored {
			names[i] = m.relPath(p)
		}
		lines = append(lines, styleDim.Render(fmt.Sprintf("  ⎿ Restored %d %s: %s", n, plural(n, "file", "files"),
			strings.Join(names, ", "))))
	}
	for _, f := range rep.Failed {
		lines = append(lines, m.errorLine("Could not restore "+m.relPath(f.Path)+": "+f.Reason))
	}
	if len(lines) == 0 {
		lines = append(lines, styleDim.Render("  ⎿ No file needed restoring"))
	}
	return m.println(strings.Join(lines, "\n")), true
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
