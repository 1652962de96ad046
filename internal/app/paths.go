package app

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
)

// maxProjectDirName bounds a project directory's name; longer names are
// cut and given a hash suffix so they stay unique.
const maxProjectDirName = 200

// configDir is corvid's own state directory: CORVID_CONFIG_DIR, else
// ~/.corvid.
func configDir(env environment) string {
	if d := env.str("CORVID_CONFIG_DIR"); d != "" {
		return d
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, ".corvid")
	}
	return filepath.Join(os.TempDir(), "corvid")
}

// projectDirName encodes a working directory as Claude Code does: every
// character that is not an ASCII letter or digit becomes '-'.
func projectDirName(cwd string) string {
	b := []byte(cwd)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			b[i] = '-'
		}
	}
	if len(b) <= maxProjectDirName {
		return string(b)
	}
	sum := sha256.Sum256([]byte(cwd))
	return string(b[:maxProjectDirName]) + "-" + hex.EncodeToString(sum[:4])
}

// sessionDir is where a session's side files live (spilled tool output,
// background shell logs): <config>/projects/<project>/<session id>.
func sessionDir(env environment, cwd, sessionID string) string {
	return filepath.Join(configDir(env), "projects", projectDirName(cwd), sessionID)
}

// workDirs are the directories tools may work in: the launch directory
// first, then --add-dir entries, made absolute and cleaned.
func workDirs(cwd string, added []string) []string {
	dirs := []string{filepath.Clean(cwd)}
	for _, d := range added {
		if !filepath.IsAbs(d) {
			d = filepath.Join(cwd, d)
		}
		dirs = append(dirs, filepath.Clean(d))
	}
	return dirs
}
