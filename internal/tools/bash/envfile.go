package bash

import (
	"os"
	"path/filepath"
)

// EnvFileName is the file in the session directory that SessionStart
// hooks append `export …` lines to (their CLAUDE_ENV_FILE); every
// foreground command sources it first, so the variables reach it.
const EnvFileName = "hook-env.sh"

// envPrelude sources the session's hook environment file when there is
// one; its output and failures are the hooks' business, not the command's.
func envPrelude(sessionDir string) string {
	if sessionDir == "" {
		return ""
	}
	p := filepath.Join(sessionDir, EnvFileName)
	if info, err := os.Stat(p); err != nil || !info.Mode().IsRegular() {
		return ""
	}
	return ". " + quote(p) + " >/dev/null 2>&1; "
}
