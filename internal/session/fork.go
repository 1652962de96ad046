package session

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// Fork copies a loaded history into a new session at path: a compact
// boundary first when the history starts at one (with its trigger and
// preTokens), the messages (assistant ones re-recorded one entry per
// block) and the cost state.
// The copy is written under a temporary name and linked into place whole
// and locked, so no other process sees (or forks) a half-written copy.
// The returned Writer continues the new session; the caller closes it.
// path must not exist yet.
func Fork(t *Transcript, path string, meta Meta) (*Writer, error) {
	if _, err := os.Lstat(path); err == nil {
		return nil, fmt.Errorf("session: fork into %s: %w", path, fs.ErrExist)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("session: fork into %s: %w", path, err)
	}
	w := NewWriter(path, meta)
	w.staged = true
	var err error
	if t.Compacted {
		_, err = w.CompactBoundary(cmp.Or(t.CompactTrigger, "auto"), t.PreTokens)
	}
	if err == nil {
		err = w.WriteMessages(t.Messages, t.Model)
	}
	if err == nil && len(t.CostState) > 0 {
		err = w.CostState(t.CostState)
	}
	if err == nil {
		err = w.publish()
	}
	if err != nil {
		w.discard()
		return nil, fmt.Errorf("session: fork into %s: %w", path, err)
	}
	return w, nil
}

// publish gives a staged file its real name (creating it empty when
// nothing was written yet). Later entries go to it as usual.
func (w *Writer) publish() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.open(); err != nil {
		return w.fail(err)
	}
	f, ok := w.f.(*os.File)
	if !ok || !w.staged {
		return nil
	}
	if err := f.Sync(); err != nil {
		return w.fail(err)
	}
	if err := publishFile(f, w.path); err != nil {
		return w.fail(err)
	}
	w.staged = false
	return nil
}

// discard closes a writer whose staged file never got its name and
// removes that file.
func (w *Writer) discard() {
	w.mu.Lock()
	f, ok := w.f.(*os.File)
	staged := w.staged
	w.mu.Unlock()
	if ok && staged {
		os.Remove(f.Name())
	}
	w.Close()
}
