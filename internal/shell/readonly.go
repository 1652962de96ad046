package shell

import (
	"path"
	"slices"
	"strings"
)

// ReadOnly reports whether command only reads: every simple command in
// it, wherever it appears (lists, pipelines, subshells, blocks, loops,
// conditionals, command and process substitutions), is on the read-only
// list with arguments that cannot make it write or run something else,
// and nothing else writes:
//   - no output redirection to a file (/dev/null, /dev/stdout,
//     /dev/stderr and descriptor duplications such as 2>&1 are fine);
//   - no assignment to a variable that changes how later commands run
//     (PATH, LD_PRELOAD, IFS, GIT_*, …);
//   - no command whose name is not a literal (`$CMD args`);
//   - no coprocess, no arithmetic that evaluates a variable, and no
//     expansion that evaluates a value (`${!x}`, `${x@P}`);
//   - no git command combined with a change of directory (another
//     repository's configuration can make git run programs).
//
// A command that does not parse, or is longer than MaxLength, is not
// read-only. `cd` counts as read-only: it changes only the shell that
// runs the command.
func ReadOnly(command string) bool {
	a, err := Parse(command)
	return err == nil && a.ReadOnly()
}

// ReadOnly reports whether the analysed command only reads; see the
// package-level ReadOnly.
func (a *Analysis) ReadOnly() bool {
	if a.Coproc || a.Arithmetic || a.Indirect || a.History {
		return false
	}
	for _, r := range a.Redirects {
		if r.Writes() {
			return false
		}
	}
	git := false
	for _, c := range a.Commands {
		if !c.ReadOnly() {
			return false
		}
		git = git || c.Name.Text == "git"
		if len(c.GitDirs()) > 0 {
			return false // another directory's repository (see GitDirs)
		}
	}
	return !(git && a.ChangesDir)
}

// ReadOnly reports whether this simple command, on its own, only reads.
func (c Command) ReadOnly() bool {
	for _, as := range c.Assigns {
		if sensitiveVar(as.Name) {
			return false
		}
	}
	if len(c.Raw) == 0 {
		return true // an assignment only
	}
	if !c.Name.Static() || c.Hazard() != "" || c.SideEffect() != "" || c.writesOptionFile() {
		return false
	}
	s := lookupSpec(c.Name.Text)
	return s != nil && readOnlyBySpec(c, s)
}

// Writes reports whether the redirection writes to a file.
func (r Redirect) Writes() bool {
	switch r.Op {
	case ">", ">>", ">|", "&>", "&>>", "<>":
		return !harmlessTarget(r.Target)
	case ">&":
		return !fdTarget(r.Target) && !harmlessTarget(r.Target)
	}
	return false
}

// harmlessTarget reports whether writing to w writes no file.
func harmlessTarget(w Word) bool {
	return w.Static() && HarmlessPath(w.Text)
}

// HarmlessPath reports whether p names a standard stream, /dev/null or
// an open descriptor (/dev/fd/N) rather than a file: the exact names
// only, after removing repeated and "." separators. A path with ".." is
// never harmless, whatever it cleans to (the kernel applies ".." after
// following links: /dev/fd/.. is /proc/self, not /dev). /dev/tty is not
// on the list: writing to the user's terminal is asked about.
func HarmlessPath(p string) bool {
	if slices.Contains(strings.Split(p, "/"), "..") {
		return false
	}
	switch p = path.Clean(p); p {
	case "/dev/null", "/dev/stdin", "/dev/stdout", "/dev/stderr":
		return true
	}
	fd, ok := strings.CutPrefix(p, "/dev/fd/")
	return ok && fd != "" && strings.Trim(fd, "0123456789") == ""
}

// fdTarget reports whether w names a file descriptor (`>&2`, `>&-`).
func fdTarget(w Word) bool {
	t := strings.TrimSuffix(w.Text, "-")
	return w.Static() && (t == "" || strings.Trim(t, "0123456789") == "")
}

// sensitivePrefixes and sensitiveNames are the variables whose value
// changes which program runs or what it loads: assigning them makes a
// command not read-only.
var (
	sensitivePrefixes = []string{"LD_", "DYLD_", "GIT_", "BASH_", "GO", "NODE_", "NPM_CONFIG_",
		"PYTHON", "PERL", "RUBY", "RIPGREP_", "JAVA_"}
	sensitiveNames = map[string]bool{"PATH": true, "IFS": true, "ENV": true, "SHELLOPTS": true,
		"BASHOPTS": true, "PS4": true, "PROMPT_COMMAND": true, "HOME": true, "XDG_CONFIG_HOME": true,
		"PAGER": true, "MANPAGER": true, "EDITOR": true, "VISUAL": true, "LESSOPEN": true,
		"LESSCLOSE": true, "TMPDIR": true, "CDPATH": true}
)

func sensitiveVar(name string) bool {
	if sensitiveNames[name] {
		return true
	}
	for _, p := range sensitivePrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}
