package command

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// rootOK reports whether a definitions directory exists and, for the
// project, resolves inside it; a directory that links out is an error.
// Files below it are checked only when they are links themselves (a walk
// does not follow linked directories).
func (src source) rootOK(root string) (bool, []error) {
	if _, err := os.Lstat(root); err != nil {
		return false, nil
	}
	if err := src.contained(root); err != nil {
		return false, []error{&FileError{Path: root, Err: err}}
	}
	return true, nil
}

// contained checks that path, links resolved, stays inside src.confine.
func (src source) contained(path string) error {
	if src.confine == "" {
		return nil
	}
	return Contained(src.confine, path)
}

// Contained checks that path, links resolved, is inside root: a
// repository's file that links elsewhere (~/.ssh/id_rsa) is ErrOutside.
func Contained(root, path string) error {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return err
	}
	base, err := filepath.EvalSymlinks(root)
	if err != nil {
		return err
	}
	if rel, err := filepath.Rel(base, real); err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return fmt.Errorf("%w (%s)", ErrOutside, real)
	}
	return nil
}
