package shell

import (
	"slices"
	"strings"
)

// gitSubcommands are git's read-only subcommands, each with the check
// its arguments need.
var gitSubcommands = map[string]func(args []string) bool{
	"status": anyGitArgs, "blame": anyGitArgs, "ls-files": anyGitArgs, "ls-tree": anyGitArgs,
	"rev-parse": anyGitArgs, "rev-list": anyGitArgs, "describe": anyGitArgs, "cat-file": anyGitArgs,
	"merge-base": anyGitArgs, "show-ref": anyGitArgs, "for-each-ref": anyGitArgs,
	"count-objects": anyGitArgs, "name-rev": anyGitArgs, "version": anyGitArgs,
	"log": noOutputFile, "show": noOutputFile, "diff": noOutputFile, "whatchanged": noOutputFile,
	"shortlog": noOutputFile, "range-diff": noOutputFile,
	"grep":   func(a []string) bool { return !gitOption(a, "O", "open-files-in-pager") },
	"branch": gitBranch, "tag": gitTag, "remote": gitRemote, "config": gitConfig,
	"reflog": func(a []string) bool {
		return len(a) == 0 || !slices.Contains([]string{"expire", "delete", "drop"}, a[0])
	},
	"stash":    func(a []string) bool { return len(a) > 0 && (a[0] == "list" || a[0] == "show") },
	"worktree": func(a []string) bool { return len(a) > 0 && a[0] == "list" },
}

// gitCheck accepts git with read-only global options and a read-only
// subcommand. -c is refused (configuration can make git run programs);
// -C is accepted here, and the directories it names are judged by the
// caller (see GitDirs): Analysis.ReadOnly refuses them, the permission
// engine checks them like a change of directory.
func gitCheck(c Command, a *Args) string {
	switch {
	case !staticArgs(c):
		return "git with arguments known only at run time"
	case a.Has("-c"):
		return "git -c sets configuration, which can make git run programs"
	case len(a.Operands) == 0:
		return ""
	}
	args := texts(a.Operands)
	check, ok := gitSubcommands[args[0]]
	if !ok || !check(args[1:]) {
		return "git " + args[0] + " with these arguments is not known to only read"
	}
	return ""
}

// GitDirs returns the directories git is told to run in with -C, in
// order (each relative to the one before), or nil.
func (c Command) GitDirs() []Word {
	if c.Name.Text != "git" || !c.Name.Static() {
		return nil
	}
	a := specs["git"].Parse(c.Args)
	var out []Word
	for _, o := range a.Opts {
		if o.Name == "-C" {
			out = append(out, o.Value)
		}
	}
	return out
}

func anyGitArgs([]string) bool { return true }

// noOutputFile refuses --output, which writes the diff or log to a file.
func noOutputFile(args []string) bool { return !gitOption(args, "", "output") }

// gitOption reports whether args hold one of the options (before --).
func gitOption(args []string, short string, long ...string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if hasOption(a, short, long) {
			return true
		}
	}
	return false
}

// listing checks git branch/tag arguments: only the given flags, flags
// taking a value, and — in list mode (-l/--list) — name patterns.
type listing struct {
	flags, valued []string
	clusters      string // letters allowed in short clusters such as -av
}

func (l listing) ok(args []string) bool {
	list, names := false, 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, _, hasValue := strings.Cut(a, "=")
		switch {
		case a == "-l" || a == "--list":
			list = true
		case slices.Contains(l.flags, name):
		case slices.Contains(l.valued, name):
			if !hasValue && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
				i++
			}
		case len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.Trim(a[1:], l.clusters) == "":
			list = list || strings.Contains(a, "l")
		case strings.HasPrefix(a, "-"):
			return false
		default:
			names++
		}
	}
	return names == 0 || list
}

var branchListing = listing{
	flags: []string{"-a", "--all", "-r", "--remotes", "-v", "-vv", "--verbose", "-i", "--ignore-case",
		"--show-current", "--color", "--no-color", "--column", "--no-column", "--abbrev", "--no-abbrev", "--omit-empty"},
	valued:   []string{"--contains", "--no-contains", "--merged", "--no-merged", "--points-at", "--sort", "--format"},
	clusters: "arvil",
}

var tagListing = listing{
	flags:    []string{"-n", "-i", "--ignore-case", "--color", "--no-color", "--column", "--no-column", "--omit-empty"},
	valued:   []string{"--contains", "--no-contains", "--merged", "--no-merged", "--points-at", "--sort", "--format"},
	clusters: "lin0123456789",
}

func gitBranch(args []string) bool { return branchListing.ok(args) }
func gitTag(args []string) bool    { return tagListing.ok(args) }

// gitRemote accepts listing and inspecting remotes.
func gitRemote(args []string) bool {
	if len(args) == 0 {
		return true
	}
	switch args[0] {
	case "-v", "--verbose":
		return len(args) == 1
	case "show", "get-url":
		return true
	}
	return false
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

// hasOption reports whether arg is one of the options: short holds
// single-letter options (found inside clusters such as -rno too), long
// the long ones (with or without =value, and abbreviated as getopt
// allows).
func hasOption(arg, short string, long []string) bool {
	if strings.HasPrefix(arg, "--") {
		name, _, _ := strings.Cut(arg[2:], "=")
		return name != "" && slices.ContainsFunc(long, func(l string) bool { return strings.HasPrefix(l, name) })
	}
	return len(arg) > 1 && arg[0] == '-' && strings.ContainsAny(arg[1:], short)
}
