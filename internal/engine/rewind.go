package engine

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"corvid/internal/event"
	"corvid/internal/provider"
)

// ErrUnknownPrompt reports a rewind to a prompt the conversation cannot go
// back to: one it never had, one already rewound past, or one from before
// the last compaction.
var ErrUnknownPrompt = errors.New("no such prompt to rewind to")

// promptMark is a prompt Rewind can go back to, with where it began.
type promptMark struct {
	event.Prompt
	msg, block int            // where its blocks begin in the messages
	mark       any            // the recorder's point before it
	entry      any            // the recorder's point at it (its own entry)
	usage      provider.Usage // the context's size before it
	// reload marks a prompt of a resumed conversation: the messages
	// before it come from the transcript (resumed.go), msg and block are
	// unused.
	reload bool
}

// notePrompt remembers where the prompt about to be added begins.
func (e *Engine) notePrompt(typed string, at time.Time) {
	p := promptMark{Prompt: event.Prompt{Text: typed, At: at}, msg: len(e.messages), mark: e.rec.Mark(), usage: e.lastUsage}
	if n := len(e.messages); n > 0 && e.messages[n-1].Role == provider.RoleUser {
		p.msg, p.block = n-1, len(e.messages[n-1].Content)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.promptSeq++
	p.ID = e.promptSeq
	e.prompts = append(e.prompts, p)
}

// promptRecorded notes the recorder's mark at the prompt just added (its
// own entry) and tells State.PromptStarted.
func (e *Engine) promptRecorded() {
	entry := e.rec.Mark()
	e.mu.Lock()
	if n := len(e.prompts); n > 0 {
		e.prompts[n-1].entry = entry
	}
	e.mu.Unlock()
	if e.state.PromptStarted != nil {
		e.state.PromptStarted(entry)
	}
}

// PromptEntry is the recorder's mark at the prompt with id's own entry
// (what State.PromptStarted was told), and whether Rewind can go back to
// the prompt.
func (e *Engine) PromptEntry(id int) (any, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	i := slices.IndexFunc(e.prompts, func(p promptMark) bool { return p.ID == id })
	if i < 0 {
		return nil, false
	}
	return e.prompts[i].entry, true
}

// forgetPrompts drops every prompt: the messages they point into were
// replaced (a compaction).
func (e *Engine) forgetPrompts() {
	e.mu.Lock()
	e.prompts = nil
	e.mu.Unlock()
}

// Prompts returns the prompts Rewind can go back to, oldest first: those
// of a resumed conversation's history after its last compaction
// (State.Earlier), then those submitted since it was opened or last
// compacted.
func (e *Engine) Prompts() []event.Prompt {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := make([]event.Prompt, len(e.prompts))
	for i, p := range e.prompts {
		out[i] = p.Prompt
	}
	return out
}

// Rewind cuts the conversation back to just before the prompt with the
// given id and returns that prompt. Call it between turns. What came
// before the prompt is kept whole (the results of the tool calls before
// it stay with their calls); the transcript branches at the entry before
// the prompt, so a resume loads the rewound conversation. The conversation
// is rewound even when recording that fails; the failure is returned.
func (e *Engine) Rewind(id int) (event.Prompt, error) {
	if err := e.rec.Err(); err != nil {
		return event.Prompt{}, fmt.Errorf("rewind: the transcript cannot be written: %w", err)
	}
	e.mu.Lock()
	i := slices.IndexFunc(e.prompts, func(p promptMark) bool { return p.ID == id })
	if i < 0 || e.prompts[i].msg > len(e.messages) {
		e.mu.Unlock()
		return event.Prompt{}, fmt.Errorf("rewind to prompt %d: %w", id, ErrUnknownPrompt)
	}
	p := e.prompts[i]
	e.mu.Unlock()
	msgs, err := e.messagesBefore(p)
	if err != nil {
		return event.Prompt{}, err
	}
	e.mu.Lock()
	e.prompts = e.prompts[:i:i]
	e.mu.Unlock()
	e.messages, e.lastUsage = msgs, p.usage
	// The note ends the live chain at the branch point, so a resume before
	// the next prompt loads the rewound conversation; the next prompt then
	// hangs off the entry before the rewound one, beside the note.
	e.rec.Rewind(p.mark)
	e.rec.Note("rewind", "Conversation rewound to before: "+firstLine(p.Text))
	e.rec.Rewind(p.mark)
	e.rec.Cost(e.costs.Snapshot())
	e.rec.Sync()
	if err := e.rec.Err(); err != nil {
		return p.Prompt, fmt.Errorf("rewind: the transcript was not saved: %w", err)
	}
	return p.Prompt, nil
}

// messagesBefore is the conversation just before prompt p.
func (e *Engine) messagesBefore(p promptMark) ([]provider.Message, error) {
	if p.reload {
		return e.reloadBefore(p)
	}
	msgs := slices.Clone(e.messages[:p.msg])
	if p.block > 0 {
		kept := slices.Clone(e.messages[p.msg].Content[:p.block])
		msgs = append(msgs, provider.Message{Role: provider.RoleUser, Content: kept})
	}
	return msgs, nil
}

// firstLine is s up to its first line break, capped for a note.
func firstLine(s string) string {
	const limit = 200
	for i, r := range s {
		if r == '\n' || i >= limit {
			return s[:i]
		}
	}
	return s
}
