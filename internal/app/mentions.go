package app

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/google/uuid"

	"corvid/internal/command"
	"corvid/internal/provider"
	"corvid/internal/tool"
)

// mentions reads the files a body mentions (@path) with the Read tool,
// as Claude Code attaches them: a note of the call and its result. A
// mention that names no file, or a file the rules do not let Read open
// without asking, is left as text.
func (c *commands) mentions(ctx context.Context, body string) []provider.Block {
	read, ok := c.lookupTool("Read")
	if !ok {
		return nil
	}
	var out []provider.Block
	for _, m := range command.Mentions(body) {
		path := m
		if !filepath.IsAbs(path) {
			path = filepath.Join(c.env.WorkDir, path)
		}
		in, _ := json.Marshal(map[string]string{"file_path": filepath.Clean(path)})
		if c.gate.Explain("Read", in).Behavior != tool.PermissionAllow {
			continue
		}
		res, err := read.Call(ctx, tool.Call{ID: "command-mention-" + uuid.NewString(), Input: in, Env: c.env, Progress: func(tool.Progress) {}})
		if err != nil || res.IsError {
			continue
		}
		out = append(out,
			provider.TextBlock(reminder(fmt.Sprintf("Called the Read tool with the following input: %s", in))),
			provider.TextBlock(reminder("Result of calling the Read tool:\n"+res.TextOf())))
	}
	return out
}

func reminder(s string) string { return "<system-reminder>\n" + s + "\n</system-reminder>" }
