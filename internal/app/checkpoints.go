package app

import (
	"encoding/json"
	"path/filepath"

	"corvid/internal/checkpoint"
	"corvid/internal/engine"
	"corvid/internal/session"
	"corvid/internal/tool"
)

// checkpoints keeps, per prompt, what the files corvid's own file tools
// change held before (a rewind's "restore code"). It sees the calls the
// engine runs (engine.Deps.BeforeCall, sub-agents' too) and the start of
// each prompt's turn (State.PromptStarted); the turn's key is the
// prompt's transcript entry, which a resumed session finds again.
// Without a transcript nothing is kept.
type checkpoints struct {
	store checkpoint.Store
}

// fileTools are the tools whose changes are checkpointed, with the input
// field naming the file. Bash and other tools are not tracked.
var fileTools = map[string]string{"Write": "file_path", "Edit": "file_path", "MultiEdit": "file_path",
	"NotebookEdit": "notebook_path"}

// open starts keeping checkpoints under the session's directory, capped
// by CORVID_MAX_CHECKPOINT_BYTES (one file) and
// CORVID_MAX_SESSION_CHECKPOINT_BYTES (the session).
func (c *checkpoints) open(opts Options, env environment, cfg *engine.Config) {
	c.store.FileCap = int64(env.int("CORVID_MAX_CHECKPOINT_BYTES"))
	c.store.SessionCap = int64(env.int("CORVID_MAX_SESSION_CHECKPOINT_BYTES"))
	if err := c.store.Open(filepath.Join(cfg.SessionDir, checkpoint.DirName)); err != nil {
		warnf(opts, "warning: file checkpoints: %v (the earlier ones cannot be restored)\n", err)
	}
	cfg.PromptStarted = func(mark any) { c.store.Begin(promptKey(mark)) }
}

// beforeCall checkpoints the file a file tool is about to change.
func (c *checkpoints) beforeCall(t tool.Tool, call tool.Call) {
	field, ok := fileTools[t.Name()]
	if !ok {
		return
	}
	var in map[string]json.RawMessage
	var path string
	if json.Unmarshal(call.Input, &in) != nil || json.Unmarshal(in[field], &path) != nil || path == "" {
		return
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(call.Env.WorkDir, path)
	}
	c.store.Before(path)
}

// promptKey is the checkpoint key of the prompt whose entry is at mark
// ("" when there is no transcript to find it again in).
func promptKey(mark any) string {
	m, ok := mark.(session.Mark)
	if !ok || m.UUID() == "" {
		return ""
	}
	return "prompt:" + m.UUID()
}
