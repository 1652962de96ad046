package app

import (
	"fmt"
	"sync"

	"corvid/internal/cost"
	"corvid/internal/engine"
	"corvid/internal/provider"
	"corvid/internal/session"
)

// transcriptRecorder writes the conversation to a session transcript for the
// engine. After the first failure the writer refuses every later entry (the
// file stays a prefix of the conversation); the failure is reported once on
// stderr and through Err, which ends the turn with an error.
type transcriptRecorder struct {
	w    *session.Writer
	warn func(format string, args ...any)

	mu       sync.Mutex
	warned   bool
	toolUses map[string]string // tool_use id → uuid of the assistant entry holding it
}

func newTranscriptRecorder(w *session.Writer, warn func(string, ...any)) *transcriptRecorder {
	return &transcriptRecorder{w: w, warn: warn, toolUses: map[string]string{}}
}

func (r *transcriptRecorder) check(err error) {
	if err == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.warned {
		r.warned = true
		r.warn("warning: the transcript could not be saved: %v (nothing more is recorded; the run ends with an error)\n", err)
	}
}

func (r *transcriptRecorder) User(blocks []provider.Block, meta bool) {
	_, err := r.w.User(blocks, session.UserOptions{IsMeta: meta})
	r.check(err)
}

func (r *transcriptRecorder) Assistant(a engine.AssistantBlock) {
	id, err := r.w.Assistant(session.AssistantEntry{MessageID: a.MessageID, Model: a.Model, Block: a.Block,
		Usage: a.Usage})
	r.check(err)
	if a.Block.Type == provider.BlockToolUse && err == nil {
		r.mu.Lock()
		r.toolUses[a.Block.ID] = id
		r.mu.Unlock()
	}
}

func (r *transcriptRecorder) ToolResult(b provider.Block, structured any) {
	r.mu.Lock()
	source := r.toolUses[b.ToolUseID]
	delete(r.toolUses, b.ToolUseID)
	r.mu.Unlock()
	_, err := r.w.ToolResult(b, structured, source)
	r.check(err)
}

func (r *transcriptRecorder) Note(subtype, text string) {
	_, err := r.w.System(subtype, text)
	r.check(err)
}

func (r *transcriptRecorder) Compacted(trigger string, preTokens int, history []provider.Message, model string) {
	if _, err := r.w.CompactBoundary(trigger, preTokens); err != nil {
		r.check(err)
		return
	}
	// The first message holds the summary (and what was carried over);
	// readers such as Claude Code's picker look for the flag.
	if len(history) > 0 && history[0].Role == provider.RoleUser {
		_, err := r.w.User(history[0].Content, session.UserOptions{IsCompactSummary: true})
		r.check(err)
		history = history[1:]
	}
	r.check(r.w.WriteMessages(history, model))
}

func (r *transcriptRecorder) Cost(s cost.State) { r.check(r.w.CostState(s)) }
func (r *transcriptRecorder) Mark() any         { return r.w.Mark() }

func (r *transcriptRecorder) Rewind(m any) {
	if mark, ok := m.(session.Mark); ok {
		r.w.Rewind(mark)
	}
}

// MessagesAt is the conversation at a mark of the transcript (a resumed
// prompt's), as a resume from there would load it (engine.Reloader).
func (r *transcriptRecorder) MessagesAt(m any) ([]provider.Message, error) {
	mark, ok := m.(session.Mark)
	if !ok {
		return nil, fmt.Errorf("app: %T is not a transcript mark", m)
	}
	t, err := session.LoadAt(r.w.Path(), mark)
	if err != nil {
		return nil, err
	}
	return t.Messages, nil
}

func (r *transcriptRecorder) Sync()      { r.check(r.w.Sync()) }
func (r *transcriptRecorder) Err() error { return r.w.Err() }
