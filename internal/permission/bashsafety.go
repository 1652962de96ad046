package permission

import (
	"slices"
	"strings"

	"corvid/internal/shell"
)

// structural returns why a command always asks, or "", and whether an
// exact allow rule may approve it anyway.
func (l *bashLine) structural(cmd shell.Command) (why string, exact bool) {
	name := cmd.Name.Text
	if h := cmd.Hazard(); h != "" {
		return "is never auto-approved: " + h, false
	}
	if _, ok := cmd.Code(); ok {
		return "runs shell code given as text", true
	}
	switch {
	case !cmd.Name.Static():
		return "has a command name that is only known at run time", false
	case len(cmd.Raw) == 0:
		return "", false // assignments only
	case !plainName(name):
		return "has an unusual command name", false
	case name == "source" || name == ".":
		return "runs a script in the current shell", true
	case name == "exec" && len(cmd.Args) > 0, name == "trap":
		return "runs code the shell holds for later or replaces the shell", true
	case slices.ContainsFunc(cmd.Raw, extGlob):
		return "uses an extended glob or a glob qualifier, which can run code in some shells", false
	case name == "find" && findActs(cmd):
		return "runs find with -exec or -delete", true
	case name == "git" && l.gitMoved() && !l.gitDirsSafe():
		return "runs git after a change of directory that may leave the working directory's repository (another repository's configuration can run programs)", false
	case name == "git" && !l.gitCDirsSafe(cmd):
		return "runs git -C in a directory that may leave the working directory's repository (another repository's configuration can run programs)", false
	case name == "git" && l.c.gitUnsafeCwd():
		return "runs git in a directory that may belong to another repository (a bare repository's configuration can run programs)", false
	}
	return "", false
}

// findActs reports whether find runs commands or deletes.
func findActs(cmd shell.Command) bool {
	for _, a := range cmd.Args {
		switch a.Text {
		case "-exec", "-execdir", "-ok", "-okdir", "-delete":
			return true
		}
	}
	return false
}

// plainName reports whether a command name is made of ASCII letters,
// digits and . _ - + / @ % , : only: no spaces, quotes or shell syntax
// that quoting smuggled into the name, and no look-alike letters.
func plainName(name string) bool {
	if name == "[" || name == "[[" {
		return true
	}
	for _, c := range name {
		if !isWordRune(c) && c != '.' && c != '-' && c != '+' && c != '/' && c != '@' && c != '%' &&
			c != ',' && c != ':' {
			return false
		}
	}
	return name != ""
}

// readOnly reports whether the command is in the built-in read-only set
// with only harmless assignments. Its paths are checked separately.
func (l *bashLine) readOnly(cmd shell.Command) bool {
	assignOnly := len(cmd.Raw) == 0 || isDecl(cmd.Name.Text)
	for _, a := range cmd.Assigns {
		if !safeAssign(a) && !(assignOnly && localAssign(a)) {
			return false
		}
	}
	if cmd.Name.Text == "git" && l.gitMoved() && !l.gitDirsSafe() {
		return false
	}
	if _, ok := l.xargsInput(cmd); ok {
		cmd.MoreArgs = false // xargs appends names find prints, checked by xargsVerdicts
	}
	return cmd.ReadOnly()
}

// editCommand reports whether acceptEdits auto-accepts the command:
// mkdir, touch, rm, rmdir, mv, cp, or a sed that only substitutes, with
// every path known (the paths were checked to be inside the working
// directories).
func (l *bashLine) editCommand(cmd shell.Command) bool {
	switch cmd.Name.Text {
	case "mkdir", "touch", "rm", "rmdir", "mv", "cp":
	case "sed":
		if !shell.SafeSed(cmd) {
			return false
		}
	default:
		return false
	}
	if paths, _ := pathArgs(cmd); cmd.MoreArgs || len(paths) == 0 {
		return false
	}
	for _, a := range cmd.Assigns {
		if !safeAssign(a) {
			return false
		}
	}
	for _, a := range cmd.Args {
		if a.Dynamic {
			return false
		}
	}
	return true
}

// extGlob reports whether a word holds a glob with parentheses: an
// extended glob in Bash (a syntax error unless enabled), a glob
// qualifier in zsh, where `*(e:cmd:)` runs cmd.
func extGlob(w shell.Word) bool {
	return w.Glob && strings.ContainsAny(w.Text, "()")
}
