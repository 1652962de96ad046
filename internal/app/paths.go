package app

import (
	"os"
	"path/filepath"

	"corvid/internal/session"
)

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

// sessionDir is where a session's side files live (spilled tool output,
// background shell logs): <config>/projects/<project>/<session id>.
func sessionDir(env environment, cwd, sessionID string) string {
	return filepath.Join(session.ProjectDir(configDir(env), cwd), sessionID)
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
