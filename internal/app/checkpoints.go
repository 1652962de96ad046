package app

import (
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

// beforeCall checkpoints the file an edit tool is about to change: the
// tools that describe themselves as KindEdit with an AccessPath (Write,
// Edit, MultiEdit, NotebookEdit), as the permission engine knows them.
// Bash and other tools are not tracked. The file tools take absolute
// paths only; any other call fails before it writes.
func (c *checkpoints) beforeCall(t tool.Tool, call tool.Call) {
	pa, ok := t.(tool.PathAccessor)
	if !ok || tool.KindOf(t) != tool.KindEdit {
		return
	}
	if path, err := pa.AccessPath(call.Input, call.Env.WorkDir); err == nil && filepath.IsAbs(path) {
		c.store.Before(path)
	}
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
