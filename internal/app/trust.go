package app

import (
	"fmt"
	"path/filepath"

	"corvid/internal/config"
)

// Trust records dir (relative to cwd when relative) as trusted, so that
// the repository's own settings files may grant permissions, and returns
// the directory it recorded.
func Trust(getenv func(string) string, cwd, dir string) (string, error) {
	if dir == "" {
		dir = cwd
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(cwd, dir)
	}
	dir = filepath.Clean(dir)
	cfgDir, err := configDir(environment(getenv))
	if err != nil {
		return "", err
	}
	store := trustStore(cfgDir)
	if err := store.Trust(dir); err != nil {
		return "", fmt.Errorf("recording trust for %s: %w", dir, err)
	}
	return dir, nil
}

func trustStore(cfgDir string) config.TrustStore {
	return config.TrustStore{Path: config.TrustPath(cfgDir)}
}
