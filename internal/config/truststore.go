package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"corvid/internal/atomicfile"
)

// TrustStore is the list of directories the user trusts, kept in a JSON
// file ({"trusted": ["/abs/dir", …]}, mode 0600). A directory is trusted
// when it or one of its ancestors was trusted. Paths are compared cleaned
// and with symlinks resolved, component by component, so /home/me/proj
// does not cover /home/me/proj-evil.
//
// Concurrent Trust calls from two processes may lose one of the entries;
// the file itself is always whole.
type TrustStore struct {
	Path string
}

// TrustPath is the trust file in corvid's config directory.
func TrustPath(configDir string) string {
	return filepath.Join(configDir, "trust.json")
}

// trustFile is the file's shape.
type trustFile struct {
	Trusted []string `json:"trusted"`
}

// Trusted reports whether dir is covered by a trusted directory.
func (t TrustStore) Trusted(dir string) (bool, error) {
	list, err := t.read()
	if err != nil {
		return false, err
	}
	dir = canonical(dir)
	for _, d := range list {
		if within(dir, canonical(d)) {
			return true, nil
		}
	}
	return false, nil
}

// Trust records dir (canonicalised) as trusted.
func (t TrustStore) Trust(dir string) error {
	list, err := t.read()
	if err != nil {
		return err
	}
	dir = canonical(dir)
	if slices.Contains(list, dir) {
		return nil
	}
	return t.write(append(list, dir))
}

// Untrust removes dir's own entry. A trusted ancestor still covers it.
func (t TrustStore) Untrust(dir string) error {
	list, err := t.read()
	if err != nil {
		return err
	}
	dir = canonical(dir)
	kept := slices.DeleteFunc(slices.Clone(list), func(d string) bool {
		return d == dir || canonical(d) == dir
	})
	if len(kept) == len(list) {
		return nil
	}
	return t.write(kept)
}

// read loads the list; a missing file is an empty list.
func (t TrustStore) read() ([]string, error) {
	data, err := readCapped(t.Path, MaxFileSize)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading the trust store: %w", err)
	}
	var f trustFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("trust store %s: %w", t.Path, err)
	}
	return f.Trusted, nil
}

func (t TrustStore) write(list []string) error {
	data, err := json.MarshalIndent(trustFile{Trusted: list}, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.Write(t.Path, append(data, '\n'), 0o600); err != nil {
		return fmt.Errorf("writing the trust store: %w", err)
	}
	if err := os.Chmod(t.Path, 0o600); err != nil {
		return fmt.Errorf("writing the trust store: %w", err)
	}
	return nil
}

// canonical is dir absolute, cleaned and with symlinks resolved; the
// part of a path that does not exist yet is kept as written.
func canonical(dir string) string {
	return resolveExisting(absolute(dir))
}

func resolveExisting(p string) string {
	if real, err := filepath.EvalSymlinks(p); err == nil {
		return real
	}
	parent := filepath.Dir(p)
	if parent == p {
		return p
	}
	return filepath.Join(resolveExisting(parent), filepath.Base(p))
}

// within reports whether dir is root or lies below it.
func within(dir, root string) bool {
	if dir == root {
		return true
	}
	rel, err := filepath.Rel(root, dir)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) &&
		!filepath.IsAbs(rel)
}
