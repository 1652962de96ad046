package checkpoint

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// checkPlace refuses a path where a symbolic link now stands, at the file
// or at a directory on the way to it (the path was recorded with every
// link resolved, so any link found now was put there since), and a path
// that holds something other than a regular file.
func checkPlace(path string) error {
	info, err := os.Lstat(path)
	switch {
	case err == nil && info.Mode()&fs.ModeSymlink != 0:
		return ErrLinked
	case err == nil && !info.Mode().IsRegular():
		return ErrNotRegular
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return err
	}
	dir := filepath.Dir(path)
	for {
		if _, err := os.Lstat(dir); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil
		}
		dir = parent
	}
	if r, err := filepath.EvalSymlinks(dir); err != nil || r != dir {
		return ErrLinked
	}
	return nil
}
