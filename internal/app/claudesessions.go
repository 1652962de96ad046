package app

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"corvid/internal/session"
)

// Claude Code keeps its sessions under <its config dir>/projects/<escaped
// cwd>/<id>.jsonl, in the transcript format corvid reads. --resume finds
// them for the launch directory when corvid has no session of that id, so
// a user switching tools keeps their history. Claude Code's file is only
// read: the conversation continues in a copy under corvid's own config
// directory, with the same id.

// claudeDir is Claude Code's config directory: CLAUDE_CONFIG_DIR, else
// ~/.claude.
func claudeDir(env environment) string {
	if d := env.str("CLAUDE_CONFIG_DIR"); d != "" {
		return d
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, ".claude")
	}
	return ""
}

// findClaudeSession is the Claude Code transcript of session id (exact or
// a unique prefix) for cwd; "" when there is none.
func findClaudeSession(env environment, cwd, id string) (string, error) {
	dir := claudeDir(env)
	if dir == "" {
		return "", nil
	}
	p, err := session.FindIn(session.ProjectDir(dir, cwd), id)
	if errors.Is(err, session.ErrNoSession) {
		return "", nil
	}
	return p, err
}

// importClaude continues Claude Code's session at path in a copy under
// corvid's config directory, keeping its id (a new one with
// --fork-session). The cost state is left behind: Claude Code's is not in
// corvid's format.
func (c *conversation) importClaude(opts Options, cfgDir string, meta session.Meta, path string) error {
	src, err := loadSource(path)
	if err != nil {
		return err
	}
	src.CostState = nil
	c.adopt(src, !opts.ForkSession)
	if err := c.fork(opts, cfgDir, meta, src); err != nil {
		return fmt.Errorf("importing Claude Code's conversation %s: %w", path, err)
	}
	return nil
}
