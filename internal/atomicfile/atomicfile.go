// Package atomicfile replaces a file's content all at once: the new bytes
// go to a temporary file in the same directory, which is synced and then
// renamed over the target. A reader sees the old file or the new one,
// never a half-written one, and a failure (a full disk, say) leaves the
// old file untouched. It is a leaf package.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Write writes data to path atomically. An existing file keeps its
// permission bits; a new one gets mode. Missing parent directories are
// created (0755). A symlink at path is followed: its target is replaced.
func Write(path string, data []byte, mode fs.FileMode) error {
	target, err := resolve(path)
	if err != nil {
		return err
	}
	if info, err := os.Stat(target); err == nil {
		if !info.Mode().IsRegular() {
			return fmt.Errorf("%s is not a regular file", path)
		}
		mode = info.Mode().Perm()
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("creating %s: %w", dir, err)
	}
	return replace(target, dir, data, mode)
}

func replace(target, dir string, data []byte, mode fs.FileMode) (err error) {
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(target)+".corvid-*")
	if err != nil {
		return fmt.Errorf("creating a temporary file in %s: %w", dir, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return fmt.Errorf("writing %s: %w", target, err)
	}
	if err = tmp.Chmod(mode); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("syncing %s: %w", target, err)
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), target); err != nil {
		return fmt.Errorf("replacing %s: %w", target, err)
	}
	return nil
}

// resolve follows a symlink at path to the file it names.
func resolve(path string) (string, error) {
	info, err := os.Lstat(path)
	if err != nil || info.Mode()&fs.ModeSymlink == 0 {
		return path, nil
	}
	target, err := filepath.EvalSymlinks(path)
	if errors.Is(err, fs.ErrNotExist) {
		// A dangling link: write where it points.
		link, lerr := os.Readlink(path)
		if lerr != nil {
			return "", lerr
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		return link, nil
	}
	return target, err
}
