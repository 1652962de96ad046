package permission

import (
	"os"
	"path/filepath"

	"corvid/internal/shell"
)

// gitUnsafeCwd reports whether git, run in the current directory, might
// use a repository other than the working directory's own: a directory
// from the current one up to (not including) the working directory that
// holds it looks like a bare repository, which git would pick up with
// its configuration (a hook or fsmonitor there runs programs). Bare
// repositories can be committed as ordinary files, so a cloned project
// may carry one. A current directory outside every working directory is
// unsafe too.
func (c *call) gitUnsafeCwd() bool { return c.gitUnsafeDir(c.cwdP.target, false) }

// gitUnsafeDir is gitUnsafeCwd for a directory; with nested set, a
// .git entry between it and the working directory (another repository,
// or a file pointing git anywhere) makes it unsafe too.
func (c *call) gitUnsafeDir(dir string, nested bool) bool {
	root := ""
	for _, forms := range c.e.work {
		for _, w := range forms {
			if within(w, dir) && len(w) > len(root) {
				root = w
			}
		}
	}
	if root == "" {
		return true
	}
	for ; dir != root && within(root, dir); dir = filepath.Dir(dir) {
		if bareRepo(dir) {
			return true
		}
		if _, err := os.Lstat(filepath.Join(dir, ".git")); nested && !os.IsNotExist(err) {
			return true
		}
	}
	return false
}

// bareRepo reports whether dir has the files of a bare repository.
func bareRepo(dir string) bool {
	head, err := os.Lstat(filepath.Join(dir, "HEAD"))
	if err != nil || !head.Mode().IsRegular() {
		return false
	}
	for _, sub := range []string{"objects", "refs"} {
		fi, err := os.Lstat(filepath.Join(dir, sub))
		if err != nil || !fi.IsDir() {
			return false
		}
	}
	return true
}

// gitMoved reports whether git may run somewhere other than the
// current directory: after cd, pushd or popd (here or in the line that
// ran this code), or under `env -C`.
func (l *bashLine) gitMoved() bool {
	return l.a.ChangesDir || len(l.cwds) > 1 || l.lost || l.chdir
}

// gitDirsSafe reports whether git, wherever the line's cd, pushd and
// popd may have taken it (all of them, in any order, loops included),
// runs in the working directory's own repository.
func (l *bashLine) gitDirsSafe() bool {
	all := &bashLine{c: l.c, a: l.a, cwds: append([]fsPath(nil), l.cwds...), lost: l.lost}
	for _, cmd := range l.a.Commands {
		all.track(cmd)
	}
	if all.lost || l.chdir {
		return false
	}
	for _, d := range all.cwds {
		if l.c.gitUnsafeDir(d.target, d != l.c.cwdP) {
			return false
		}
	}
	return true
}

// gitCDirsSafe reports whether the directories git -C takes the command
// to (each relative to the one before, from every directory the line
// may be in) are inside the working directory's own repository, like
// the targets of cd before git. A directory known only at run time is
// not.
func (l *bashLine) gitCDirsSafe(cmd shell.Command) bool {
	dirs := cmd.GitDirs()
	if len(dirs) == 0 {
		return true
	}
	if l.lost || l.chdir {
		return false
	}
	for _, start := range l.cwds {
		cur := start
		for _, d := range dirs {
			if !d.Static() {
				return false
			}
			abs, ok := absolute(d.Text, cur.link, l.c.e.env.home)
			if !ok {
				return false
			}
			p, err := l.c.resolveFor(abs, "", l.cwds...)
			if err != nil || l.c.gitUnsafeDir(p.target, true) {
				return false
			}
			cur = p
		}
	}
	return true
}
