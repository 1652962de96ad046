package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"corvid/internal/checkpoint"
	"corvid/internal/event"
)

// FileRewinder is a Conversation that keeps file checkpoints per prompt
// (*app.Conversation): what rewind_files restores.
type FileRewinder interface {
	Prompts() []event.Prompt
	PromptByEntry(uuid string) (int, bool)
	CheckpointsEnabled() bool
	FileChanges(id int) ([]checkpoint.Change, error)
	RestoreFiles(id int) (checkpoint.Report, error)
}

// rewindResult is rewind_files' answer, in Claude Code's shape.
type rewindResult struct {
	CanRewind    bool     `json:"canRewind"`
	Error        string   `json:"error,omitempty"`
	FilesChanged []string `json:"filesChanged,omitempty"`
	Insertions   *int     `json:"insertions,omitempty"`
	Deletions    *int     `json:"deletions,omitempty"`
	SkippedLinks *int     `json:"skippedLinks,omitempty"`
}

// lastPrompt is the id of the conversation's newest prompt (0 if none).
func lastPrompt(conv Conversation) int {
	fr, ok := conv.(FileRewinder)
	if !ok {
		return 0
	}
	ps := fr.Prompts()
	if len(ps) == 0 {
		return 0
	}
	return ps[len(ps)-1].ID
}

// maxTurnMarks caps the turns remembered for rewind_files.
const maxTurnMarks = 10000

// turnMark is a turn the host started: the uuid of its message and the
// newest prompt before it. The prompt the turn added, if any, is the first
// one after that mark and no later than the next turn's.
type turnMark struct {
	uuid   string
	before int
}

// noteTurn remembers a turn about to start.
func (h *Host) noteTurn(conv Conversation, uuid string) {
	before := lastPrompt(conv)
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.turnMarks) == maxTurnMarks {
		h.turnMarks = h.turnMarks[1:]
	}
	h.turnMarks = append(h.turnMarks, turnMark{uuid: uuid, before: before})
}

// promptOf is the prompt the turn of the host's message uuid added.
func (h *Host) promptOf(fr FileRewinder, uuid string) (int, bool) {
	h.mu.Lock()
	lo, hi, found := 0, int(^uint(0)>>1), false
	for k := len(h.turnMarks) - 1; k >= 0 && uuid != ""; k-- {
		if h.turnMarks[k].uuid == uuid {
			lo, found = h.turnMarks[k].before, true
			if k+1 < len(h.turnMarks) {
				hi = h.turnMarks[k+1].before
			}
			break
		}
	}
	h.mu.Unlock()
	if !found {
		return 0, false
	}
	for _, p := range fr.Prompts() {
		if p.ID > lo && p.ID <= hi {
			return p.ID, true
		}
	}
	return 0, false
}

// rewindFiles answers rewind_files: the files corvid's file tools changed
// since the user message go back as they were before it (dry_run: only
// what would change). As in Claude Code 2.1.332, a rewind that cannot be
// done is an error response, but a dry run answers canRewind false with
// the reason.
func (h *Host) rewindFiles(ctx context.Context, raw json.RawMessage) (any, error) {
	var r struct {
		DryRun bool `json:"dry_run"`
	}
	_ = json.Unmarshal(raw, &r)
	res, err := h.rewindResult(ctx, raw)
	if err == nil && !res.CanRewind && !r.DryRun {
		return nil, errors.New(res.Error)
	}
	return res, err
}

func (h *Host) rewindResult(ctx context.Context, raw json.RawMessage) (rewindResult, error) {
	var r struct {
		UserMessageID string `json:"user_message_id"`
		DryRun        bool   `json:"dry_run"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return rewindResult{}, err
	}
	conv, err := h.conversation(ctx)
	if err != nil {
		return rewindResult{}, err
	}
	fr, ok := conv.(FileRewinder)
	if !ok || !fr.CheckpointsEnabled() {
		return rewindResult{Error: "File rewinding is not enabled."}, nil
	}
	id, found := h.promptOf(fr, r.UserMessageID)
	if !found {
		id, found = fr.PromptByEntry(r.UserMessageID)
	}
	if !found {
		return rewindResult{Error: "No file checkpoint found for this message."}, nil
	}
	if r.DryRun {
		return dryRun(fr, id)
	}
	rep, err := fr.RestoreFiles(id)
	if err == nil && len(rep.Restored) == 0 && len(rep.Failed) > 0 {
		err = errors.New(rep.Failed[0].Path + ": " + rep.Failed[0].Reason)
	}
	if err != nil {
		return rewindResult{Error: fmt.Sprintf("Failed to rewind: %v", err)}, nil
	}
	skipped := 0
	for _, f := range rep.Failed {
		if f.Reason == checkpoint.ErrLinked.Error() {
			skipped++
		}
	}
	return rewindResult{CanRewind: true, SkippedLinks: &skipped}, nil
}

// dryRun says what the rewind would change: insertions and deletions
// are the lines it would put back and take out (the reverse of what the
// turns did), as Claude Code counts them.
func dryRun(fr FileRewinder, id int) (rewindResult, error) {
	changes, err := fr.FileChanges(id)
	if err != nil {
		return rewindResult{Error: fmt.Sprintf("Failed to rewind: %v", err)}, nil
	}
	res := rewindResult{CanRewind: true, FilesChanged: []string{}, Insertions: new(int), Deletions: new(int)}
	for _, c := range changes {
		res.FilesChanged = append(res.FilesChanged, c.Path)
		*res.Insertions += c.Removed
		*res.Deletions += c.Added
	}
	return res, nil
}
