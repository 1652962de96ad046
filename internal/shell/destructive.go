package shell

import (
	"slices"
	"strings"
)

// destroyers are commands that delete, move over or overwrite data.
var destroyers = map[string]bool{"rm": true, "rmdir": true, "mv": true, "dd": true, "shred": true,
	"truncate": true, "mkfs": true, "wipefs": true, "fdisk": true, "sfdisk": true, "parted": true,
	"unlink": true}

// Destructive reports whether command looks likely to destroy data: it
// runs rm, rmdir, mv, dd, mkfs…, `find -delete`, or a git command that
// discards work (reset --hard, clean, checkout -f / checkout -- paths,
// restore of the work tree, branch -D, push --force, stash drop/clear).
// It is a heuristic for warnings, not a safety check: an unparseable
// command is not reported.
func Destructive(command string) bool {
	a, err := Parse(command)
	if err != nil {
		return false
	}
	return slices.ContainsFunc(a.Commands, Command.Destructive)
}

// Destructive reports whether this simple command looks likely to
// destroy data; see the package-level Destructive.
func (c Command) Destructive() bool {
	name := c.Name.Text
	args := texts(c.Args)
	switch {
	case destroyers[name] || strings.HasPrefix(name, "mkfs."):
		return true
	case name == "sudo" || name == "doas":
		return slices.ContainsFunc(args, func(a string) bool { return destroyers[a] || a == "git" || a == "find" })
	case name == "find":
		return slices.Contains(args, "-delete")
	case name == "git":
		return gitDestructive(args)
	}
	return false
}

func gitDestructive(args []string) bool {
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		if slices.Contains([]string{"-C", "-c", "--git-dir", "--work-tree"}, args[0]) && len(args) > 1 {
			args = args[1:]
		}
		args = args[1:]
	}
	if len(args) == 0 {
		return false
	}
	sub, rest := args[0], args[1:]
	has := func(opts ...string) bool {
		return slices.ContainsFunc(rest, func(a string) bool { return slices.Contains(opts, a) })
	}
	switch sub {
	case "reset":
		return has("--hard", "--merge", "--keep")
	case "clean":
		return true
	case "checkout":
		return has("-f", "--force", "--", ".")
	case "restore":
		return !has("--staged", "-S") || has("--worktree", "-W")
	case "branch":
		return has("-D", "-d", "--delete")
	case "push":
		return has("-f", "--force", "--force-with-lease", "--delete", "-d", "--mirror")
	case "stash":
		return len(rest) > 0 && (rest[0] == "drop" || rest[0] == "clear")
	}
	return false
}
