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

// gitRule accepts git with read-only global options and a read-only
// subcommand. -C, --git-dir and -c are refused: another repository or
// configuration can make git run programs.
func gitRule(c Command) bool {
	if !staticArgs(c) {
		return false
	}
	args := texts(c.Args)
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		switch args[0] {
		case "--no-pager", "-P", "--no-replace-objects", "--literal-pathspecs", "--no-optional-locks",
			"--version", "--help", "--no-advice":
			args = args[1:]
		default:
			return false
		}
	}
	if len(args) == 0 {
		return true
	}
	check, ok := gitSubcommands[args[0]]
	return ok && check(args[1:])
}

func texts(words []Word) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = w.Text
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
