package app

import (
	"errors"
	"fmt"
	"slices"

	"corvid/internal/engine"
	"corvid/internal/event"
	"corvid/internal/session"
)

// ErrTurnRunning reports a rewind asked for while a turn runs: the
// conversation can only go back between turns.
var ErrTurnRunning = errors.New("a turn is running; stop it before rewinding")

// Prompt is an earlier prompt the conversation can be rewound to.
type Prompt = event.Prompt

// Prompts returns the prompts Rewind can go back to, oldest first: those
// of a resumed session after its last compaction, then those submitted
// since the conversation was opened or last compacted.
func (c *Conversation) Prompts() []Prompt { return c.eng.Prompts() }

// Rewind cuts the conversation back to just before the prompt with the
// given id (Prompt.ID) and returns that prompt, whose text a front end
// can offer for editing. Only the conversation goes back (files the tools
// changed stay as they are; RestoreFiles puts them back, and must come
// first: the rewind forgets the abandoned turns' checkpoints). The transcript branches there: a resume
// afterwards loads the rewound conversation. It fails with ErrTurnRunning
// while a turn runs and with engine.ErrUnknownPrompt for an id it cannot
// go back to; both leave the conversation as it was.
func (c *Conversation) Rewind(id int) (Prompt, error) {
	if !c.turn.TryLock() {
		return Prompt{}, ErrTurnRunning
	}
	defer c.turn.Unlock()
	keys, _ := c.keysFrom(id)
	p, err := c.eng.Rewind(id)
	if !slices.ContainsFunc(c.eng.Prompts(), func(p Prompt) bool { return p.ID == id }) {
		// The turns from the prompt on are abandoned (even when recording
		// the rewind failed): their checkpoints go.
		c.s.ckpt.store.Drop(keys)
	}
	if err != nil {
		return p, fmt.Errorf("app: %w", err)
	}
	return p, nil
}

// earlierPrompts are a resumed transcript's prompts as rewind points.
func earlierPrompts(ps []session.Prompt) []engine.EarlierPrompt {
	out := make([]engine.EarlierPrompt, len(ps))
	for i, p := range ps {
		out[i] = engine.EarlierPrompt{Text: p.Text, At: p.At, Mark: p.Before, Entry: p.Entry}
	}
	return out
}
