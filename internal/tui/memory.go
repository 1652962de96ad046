package tui

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	cmdargs "corvid/internal/command"
	"corvid/internal/workspace"
)

// memoryFiles are the instruction files a conversation here loads
// (workspace's order), then ./CLAUDE.md when it does not exist yet.
func (m *model) memoryFiles() (paths, labels []string) {
	files, _ := workspace.Load(workspace.Options{Cwd: m.o.Cwd, ConfigDir: m.o.ConfigDir})
	seen := map[string]bool{}
	for _, f := range files {
		if !seen[f.Path] {
			seen[f.Path] = true
			paths, labels = append(paths, f.Path), append(labels, f.Scope.String())
		}
	}
	if own := filepath.Join(m.o.Cwd, "CLAUDE.md"); !seen[own] {
		paths, labels = append(paths, own), append(labels, "project, new")
	}
	return paths, labels
}

// cmdMemory lists the instruction files, or opens the n-th in $VISUAL
// or $EDITOR and reopens the session afterwards so that it reads them
// again.
func (m *model) cmdMemory(arg string) tea.Cmd {
	paths, labels := m.memoryFiles()
	if arg == "" {
		var b strings.Builder
		b.WriteString("  Instruction files (loaded in this order)\n")
		for i, p := range paths {
			fmt.Fprintf(&b, "  %d. %s  %s\n", i+1, shownPath(m.o.Cwd, p), styleDim.Render("("+labels[i]+")"))
		}
		b.WriteString(styleDim.Render("  /memory <n> opens one in $VISUAL or $EDITOR"))
		return m.println(b.String())
	}
	n, err := strconv.Atoi(arg)
	if err != nil || n < 1 || n > len(paths) {
		return m.println(m.errorLine(fmt.Sprintf("Usage: /memory [1-%d]", len(paths))))
	}
	// Split as a shell would ("code --wait", "'/opt/my editor/bin/ed'").
	editor := cmdargs.SplitArgs(firstSet(os.Getenv("VISUAL"), os.Getenv("EDITOR")))
	if len(editor) == 0 {
		return m.println(m.errorLine("No editor set: set $VISUAL or $EDITOR (for example EDITOR=nano) and try again"))
	}
	if m.busy {
		return m.println(m.errorLine("Wait for the turn to end (or press esc) first"))
	}
	path := paths[n-1]
	run := &editorRun{cmd: exec.Command(editor[0], append(editor[1:], path)...), suspend: m.o.suspend}
	return tea.Exec(run, func(err error) tea.Msg {
		return applyMsg(func(m *model) tea.Cmd {
			if err != nil {
				return m.println(m.errorLine(fmt.Sprintf("The editor (%s) failed: %v", editor[0], err)))
			}
			note := styleDim.Render("  ⎿ Edited " + shownPath(m.o.Cwd, path) + " · the conversation reads it again")
			return tea.Sequence(m.println(note), m.reload())
		})
	})
}

func firstSet(vals ...string) string {
	for _, v := range vals {
		if strings.TrimSpace(v) != "" {
			return v
		}
	}
	return ""
}

// editorRun runs the editor in the foreground: on the terminal itself
// when the interface has one (suspend), else on the streams the program
// hands over.
type editorRun struct {
	cmd     *exec.Cmd
	suspend func() (in, out *os.File, resume func(), err error)
}

func (e *editorRun) SetStdin(r io.Reader)  { e.cmd.Stdin = r }
func (e *editorRun) SetStdout(w io.Writer) { e.cmd.Stdout = w }
func (e *editorRun) SetStderr(w io.Writer) { e.cmd.Stderr = w }

func (e *editorRun) Run() error {
	if e.suspend != nil {
		in, out, resume, err := e.suspend()
		if err != nil {
			return err
		}
		defer resume()
		e.cmd.Stdin, e.cmd.Stdout, e.cmd.Stderr = in, out, out
	}
	return e.cmd.Run()
}
