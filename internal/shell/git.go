package shell

import (
	"slices"
	"strings"
)

// gitCheck accepts git with read-only global options and a read-only
// subcommand whose every option its entry in gitSubTable lists. -c is
// refused (configuration can make git run programs); -C is accepted
// here, and the directories it names are judged by the caller (see
// GitDirs): Analysis.ReadOnly refuses them, the permission engine
// checks them like a change of directory.
func gitCheck(c Command, a *Args) string {
	switch {
	case !staticArgs(c):
		return "git with arguments known only at run time"
	case a.Has("-c"):
		return "git -c sets configuration, which can make git run programs"
	case len(a.Operands) == 0:
		return ""
	}
	return gitSubCheck(a.Operands)
}

// GitDirs returns the directories git is told to run in with -C, in
// order (each relative to the one before), or nil.
func (c Command) GitDirs() []Word {
	if c.Name.Text != "git" || !c.Name.Static() {
		return nil
	}
	a := lookupSpec("git").Parse(c.Args)
	var out []Word
	for _, o := range a.Opts {
		if o.Name == "-C" {
			out = append(out, o.Value)
		}
	}
	return out
}

// Options of git config: those that read, those that change nothing,
// and those that take a value.
var (
	configRead  = []string{"--get", "--get-all", "--get-regexp", "--get-urlmatch", "--get-color", "--list", "-l"}
	configFlags = []string{"--global", "--system", "--local", "--worktree", "--show-origin", "--show-scope",
		"--name-only", "-z", "--null", "--includes", "--no-includes", "--bool", "--int", "--path"}
	configValued = []string{"--file", "-f", "--blob", "--type", "--default"}
	configWrite  = []string{"set", "unset", "edit", "rename-section", "remove-section"}
)

// gitConfig accepts reading configuration: --get*, --list, the `get` and
// `list` subcommands, or a single name.
func gitConfig(args []string) bool {
	read := false
	var names []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, _, hasValue := strings.Cut(a, "=")
		switch {
		case slices.Contains(configRead, a):
			read = true
		case slices.Contains(configFlags, a):
		case slices.Contains(configValued, name):
			if !hasValue {
				i++
			}
		case strings.HasPrefix(a, "-"):
			return false
		default:
			names = append(names, a)
		}
	}
	if !configScoped(args) {
		return false // git config --list and lookups read ~/.gitconfig and /etc/gitconfig too
	}
	switch {
	case read:
		return true
	case len(names) == 0:
		return false
	case names[0] == "get" || names[0] == "list":
		return true
	case slices.Contains(configWrite, names[0]):
		return false
	}
	return len(names) == 1
}

// configScoped reports whether git config reads only the repository's
// own configuration or a named file: --local, --worktree, --file or
// --blob. Without one, it reads the user's and the system's files too,
// which are outside the working directories.
func configScoped(args []string) bool {
	for _, a := range args {
		name, _, _ := strings.Cut(a, "=")
		switch name {
		case "--local", "--worktree", "--file", "-f", "--blob":
			return true
		}
	}
	return false
}
