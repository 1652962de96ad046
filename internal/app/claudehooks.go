package app

import (
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"corvid/internal/config"
	"corvid/internal/hook"
)

// claudeUserHooks is the hooks part of Claude Code's own user settings
// ($CLAUDE_CONFIG_DIR/settings.json, else ~/.claude/settings.json), so
// a user's existing hooks run in corvid too. It is the weakest layer
// (after corvid's user settings) and, like it, is left out when
// --setting-sources leaves out user. Only hooks and disableAllHooks are
// read from it; a file that cannot be read or parsed is skipped with a
// warning naming it.
func claudeUserHooks(opts Options, env environment) (hook.Layer, bool) {
	if opts.HasSettingSources && !slices.Contains(opts.SettingSources, string(config.SourceUser)) {
		return hook.Layer{}, false
	}
	dir := claudeDir(env)
	if dir == "" {
		return hook.Layer{}, false
	}
	path := filepath.Join(dir, "settings.json")
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return hook.Layer{}, false
	}
	var keys struct {
		Hooks      json.RawMessage `json:"hooks"`
		DisableAll *bool           `json:"disableAllHooks"`
	}
	if err == nil {
		defer f.Close()
		var data []byte
		data, err = io.ReadAll(io.LimitReader(f, config.MaxSettingsSize))
		if err == nil {
			err = json.Unmarshal(data, &keys)
		}
	}
	if err != nil {
		warnf(opts, "warning: %s: skipped, its hooks do not run: %v\n", path, err)
		return hook.Layer{}, false
	}
	if keys.Hooks == nil && keys.DisableAll == nil {
		return hook.Layer{}, false
	}
	return hook.Layer{Source: string(config.SourceUser), File: path, Hooks: keys.Hooks, DisableAll: keys.DisableAll}, true
}
