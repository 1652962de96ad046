package app

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/google/uuid"

	"corvid/internal/cost"
	"corvid/internal/session"
)

// resume continues the session at path, or a fork of it when another
// process is writing it.
func (c *conversation) resume(opts Options, cfgDir string, meta session.Meta, path string) error {
	id := strings.TrimSuffix(filepath.Base(path), ".jsonl")
	meta.SessionID = id
	w, src, err := session.Resume(path, meta)
	if errors.Is(err, session.ErrLocked) {
		if src, err = session.LoadFinished(path); err != nil {
			return fmt.Errorf("loading the conversation %s: %w", path, err)
		}
		c.adopt(src, false)
		return c.forkBusy(opts, cfgDir, meta, id, src)
	}
	if err != nil {
		return fmt.Errorf("loading the conversation %s: %w", path, err)
	}
	c.adopt(src, true)
	c.writer, c.prompts = w, src.Prompts
	return nil
}

// forkBusy continues in a new session with src's history because session
// id is in use, and tells the user.
func (c *conversation) forkBusy(opts Options, cfgDir string, meta session.Meta, id string, src *session.Transcript) error {
	if err := c.fork(opts, cfgDir, meta, src); err != nil {
		return err
	}
	warnf(opts, "corvid: session %s is in use by another corvid process; continuing in a fork %s\n", id, c.id)
	return nil
}

// fork writes src's history into a new session (nothing with
// --no-session-persistence).
func (c *conversation) fork(opts Options, cfgDir string, meta session.Meta, src *session.Transcript) error {
	c.ensureID()
	if opts.NoSessionPersistence {
		return nil
	}
	meta.SessionID = c.id
	var err error
	c.writer, err = session.Fork(src, session.Path(cfgDir, opts.Cwd, c.id), meta)
	return err
}

// adopt takes the history, model and costs of a loaded transcript, and its
// id when the conversation continues that session.
func (c *conversation) adopt(src *session.Transcript, sameID bool) {
	c.history, c.model = src.Messages, src.Model
	if len(src.CostState) > 0 {
		var st cost.State
		if json.Unmarshal(src.CostState, &st) == nil {
			c.costs = &st
		}
	}
	if sameID {
		c.id = src.SessionID
	}
}

func (c *conversation) ensureID() {
	if c.id == "" {
		c.id = uuid.NewString()
	}
}

// loadSource loads a transcript to copy or read: up to its last finished
// turn while another process is writing it, else all of it.
func loadSource(path string) (*session.Transcript, error) {
	load := session.Load
	if session.Busy(path) {
		load = session.LoadFinished
	}
	t, err := load(path)
	if err != nil {
		return nil, fmt.Errorf("loading the conversation %s: %w", path, err)
	}
	return t, nil
}
