package app

import (
	"fmt"
	"slices"

	"corvid/internal/checkpoint"
	"corvid/internal/engine"
	"corvid/internal/session"
)

// keysFrom are the checkpoint keys of the prompt with id and every later
// one: the turns a rewind to before it undoes.
func (c *Conversation) keysFrom(id int) ([]string, error) {
	ps := c.eng.Prompts()
	i := slices.IndexFunc(ps, func(p Prompt) bool { return p.ID == id })
	if i < 0 {
		return nil, fmt.Errorf("app: rewind to prompt %d: %w", id, engine.ErrUnknownPrompt)
	}
	var keys []string
	for _, p := range ps[i:] {
		if m, ok := c.eng.PromptEntry(p.ID); ok {
			if k := promptKey(m); k != "" {
				keys = append(keys, k)
			}
		}
	}
	return keys, nil
}

// FileChanges lists what restoring the code to before the prompt with id
// would change: each file corvid's file tools changed since, with the
// lines they added and removed, and whether it can be restored. Changes
// made by Bash or outside corvid are not tracked.
func (c *Conversation) FileChanges(id int) ([]checkpoint.Change, error) {
	keys, err := c.keysFrom(id)
	if err != nil {
		return nil, err
	}
	return c.s.ckpt.store.Changes(keys), nil
}

// RestoreFiles puts the files corvid's file tools changed since before
// the prompt with id back as they were then (the conversation stays as
// it is; Rewind takes it back). The report names every file restored and
// every one that could not be, and why. It fails with ErrTurnRunning
// while a turn runs.
func (c *Conversation) RestoreFiles(id int) (checkpoint.Report, error) {
	if !c.turn.TryLock() {
		return checkpoint.Report{}, ErrTurnRunning
	}
	defer c.turn.Unlock()
	keys, err := c.keysFrom(id)
	if err != nil {
		return checkpoint.Report{}, err
	}
	return c.s.ckpt.store.Restore(keys), nil
}

// PromptByEntry is the prompt whose transcript entry has uuid (a user
// message id an SDK host read from the transcript), if Rewind can go back
// to it.
func (c *Conversation) PromptByEntry(uuid string) (int, bool) {
	if uuid == "" {
		return 0, false
	}
	for _, p := range c.eng.Prompts() {
		if m, ok := c.eng.PromptEntry(p.ID); ok && promptKey(m) == promptKey(session.MarkAt(uuid)) {
			return p.ID, true
		}
	}
	return 0, false
}

// CheckpointsEnabled reports whether file changes are checkpointed (not
// without a transcript).
func (c *Conversation) CheckpointsEnabled() bool { return c.s.ckpt.store.Enabled() }
