package engine

import (
	"fmt"
	"time"

	"corvid/internal/event"
	"corvid/internal/provider"
)

// EarlierPrompt is a prompt of a resumed conversation (State.Earlier)
// that Rewind can go back to.
type EarlierPrompt struct {
	Text string
	At   time.Time
	// Mark is the recorder's point just before the prompt; the recorder
	// must be a Reloader that can give back the conversation there.
	Mark any
	// Entry is the recorder's point at the prompt's own entry.
	Entry any
}

// Reloader is a Recorder that can give back the conversation as it stood
// at a mark of an earlier process (a resumed transcript's prompt).
type Reloader interface {
	MessagesAt(mark any) ([]provider.Message, error)
}

// seedPrompts makes the resumed conversation's prompts rewind points.
// Without a Reloader there is no way back to them, so none is offered.
func (e *Engine) seedPrompts(earlier []EarlierPrompt) {
	if _, ok := e.rec.(Reloader); !ok {
		return
	}
	for _, p := range earlier {
		e.promptSeq++
		e.prompts = append(e.prompts, promptMark{Prompt: event.Prompt{ID: e.promptSeq, Text: p.Text, At: p.At},
			mark: p.Mark, entry: p.Entry, reload: true})
	}
}

// reloadBefore is the conversation just before a resumed prompt, from the
// transcript.
func (e *Engine) reloadBefore(p promptMark) ([]provider.Message, error) {
	r, ok := e.rec.(Reloader)
	if !ok {
		return nil, fmt.Errorf("rewind to prompt %d: %w", p.ID, ErrUnknownPrompt)
	}
	msgs, err := r.MessagesAt(p.mark)
	if err != nil {
		return nil, fmt.Errorf("rewind to prompt %d: reading the transcript: %w", p.ID, err)
	}
	return msgs, nil
}
