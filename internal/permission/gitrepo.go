package permission

import (
	"os"
	"path/filepath"
)

// gitUnsafeCwd reports whether git, run in the current directory, might
// use a repository other than the working directory's own: a directory
// from the current one up to (not including) the working directory that
// holds it looks like a bare repository, which git would pick up with
// its configuration (a hook or fsmonitor there runs programs). Bare
// repositories can be committed as ordinary files, so a cloned project
// may carry one. A current directory outside every working directory is
// unsafe too.
func (c *call) gitUnsafeCwd() bool {
	dir := c.cwdP.target
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
