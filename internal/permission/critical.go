package permission

import (
	"slices"

	"corvid/internal/shell"
)

// removers delete their operands; mv removes its sources.
var removers = []string{"rm", "rmdir", "unlink", "shred"}

// critical returns why the command removes a critical path, or "": its
// target is the root, a top-level directory, home, a working directory,
// the current directory or a parent of one, or is only known at run
// time (a variable, a glob, xargs input).
func (l *bashLine) critical(cmd shell.Command) string {
	targets := removalTargets(cmd)
	if targets == nil {
		return ""
	}
	if cmd.MoreArgs {
		return "its targets come from xargs at run time"
	}
	// find in a working directory that only removes what its tests
	// select is ordinary; without a test it empties the directory.
	filtered := cmd.Name.Text == "find" && findFilters(cmd)
	for _, w := range targets {
		if w.Dynamic || w.Glob {
			return "`" + capText(w.Text, 200) + "` expands at run time"
		}
		paths, err := l.resolveWord(w)
		if err != nil {
			return "`" + capText(w.Text, 200) + "`: " + err.Error()
		}
		for _, p := range paths {
			for _, f := range p.forms() {
				if why := l.c.criticalReason(f); why != "" && !(filtered && l.isWorkOrCwd(f)) {
					return f + ": " + why
				}
			}
		}
	}
	return ""
}

// removalTargets returns what a command removes, or nil when it removes
// nothing.
func removalTargets(cmd shell.Command) []shell.Word {
	name := cmd.Name.Text
	switch {
	case slices.Contains(removers, name):
		return nonNil(operands(cmd.Args))
	case name == "mv":
		ops := operands(cmd.Args)
		if len(ops) > 1 {
			return ops[:len(ops)-1]
		}
	case name == "find" && findRemoves(cmd):
		var out []shell.Word
		roots, _ := cmd.OperandPaths()
		for _, a := range roots {
			out = append(out, a.Word)
		}
		return out
	}
	return nil
}

func nonNil(ws []shell.Word) []shell.Word {
	if ws == nil {
		return []shell.Word{}
	}
	return ws
}

// findRemoves reports whether find deletes (-delete) or runs a remover
// on what it finds.
func findRemoves(cmd shell.Command) bool {
	for _, a := range cmd.Args {
		if a.Text == "-delete" {
			return true
		}
	}
	for _, x := range cmd.Execs() {
		if slices.Contains(removers, x.Name.Text) || x.Name.Text == "mv" {
			return true
		}
	}
	return false
}

// findTests are find's tests that select files by name, type, time or
// size.
var findTests = []string{"-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex",
	"-iregex", "-type", "-newer", "-mtime", "-mmin", "-atime", "-amin", "-ctime", "-cmin", "-size", "-empty",
	"-user", "-group", "-perm", "-links", "-inum", "-samefile"}

// findFilters reports whether find has a test that selects files.
func findFilters(cmd shell.Command) bool {
	return slices.ContainsFunc(cmd.Args, func(w shell.Word) bool { return slices.Contains(findTests, w.Text) })
}

// isWorkOrCwd reports whether p is a working directory or the current
// directory itself.
func (l *bashLine) isWorkOrCwd(p string) bool {
	for _, forms := range l.c.e.work {
		if slices.Contains(forms, p) {
			return true
		}
	}
	if slices.Contains(l.c.cwdForms(), p) {
		return true
	}
	return slices.ContainsFunc(l.cwds, func(d fsPath) bool { return d.link == p || d.target == p })
}
