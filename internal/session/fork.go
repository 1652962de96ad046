package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// Fork copies a loaded history into a new session at path: the messages
// (assistant ones re-recorded one entry per block) and the cost state.
// The returned Writer continues the new session; the caller closes it.
// path must not exist yet.
func Fork(t *Transcript, path string, meta Meta) (*Writer, error) {
	if _, err := os.Lstat(path); err == nil {
		return nil, fmt.Errorf("session: fork into %s: %w", path, fs.ErrExist)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("session: fork into %s: %w", path, err)
	}
	w := NewWriter(path, meta)
	err := w.WriteMessages(t.Messages, t.Model)
	if err == nil && len(t.CostState) > 0 {
		err = w.CostState(t.CostState)
	}
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("session: fork into %s: %w", path, err)
	}
	return w, nil
}
