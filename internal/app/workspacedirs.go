package app

import (
	"corvid/internal/config"
	"corvid/internal/permission"
)

// WorkspaceDirs lists the working directories the conversation's tools
// and permission rules use — the launch directory, then --add-dir and
// /add-dir, then the settings' additionalDirectories — each with where it
// came from (the interface's /permissions, Workspace tab). The list is
// the one in effect; the settings are read again only to name the file a
// directory came from.
func (c *Conversation) WorkspaceDirs() []permission.DirInfo {
	dirs := c.s.engine.State.Dirs
	out := make([]permission.DirInfo, 0, len(dirs))
	var fromSettings []config.Rule
	if len(dirs) > 1+len(c.opts.AdditionalDirs) {
		if s, _, err := LoadSettings(c.opts); err == nil {
			fromSettings = s.AdditionalDirectories
		}
	}
	for i, d := range dirs {
		info := permission.DirInfo{Path: d, Source: permission.SourceCwd}
		switch {
		case i == 0:
		case i <= len(c.opts.AdditionalDirs):
			info.Source = permission.SourceCLI
		default:
			info.Source = "settings"
			for _, r := range fromSettings {
				if r.Text == d {
					info.Source, info.File = string(r.Source), r.File
					break
				}
			}
		}
		out = append(out, info)
	}
	return out
}
