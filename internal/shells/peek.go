package shells

import (
	"fmt"
	"os"

	"corvid/internal/spill"
)

// Peek returns the end of shell id's output so far, at most n bytes
// (from a line boundary when it can), without moving where Read goes on:
// what the model has not read stays unread. It is for a person looking
// at the task (the interface's /tasks).
func (m *Manager) Peek(id string, n int) (string, error) {
	p, err := m.get(id)
	if err != nil {
		return "", err
	}
	info := p.info()
	f, err := os.Open(p.path)
	if err != nil {
		return "", fmt.Errorf("opening the shell log: %w", err)
	}
	defer f.Close()
	var out []byte
	err = p.log.View(func(l spill.Layout) error {
		secs, dropped, unsaved := l.Sections(0)
		r := reader{f: f, secs: secs, to: l.End + l.Lost, window: int64(max(n, 1)),
			final: info.Status != Running, dropped: dropped + unsaved}
		var err error
		out, err = r.tail()
		return err
	})
	if err != nil {
		return "", fmt.Errorf("reading the shell log: %w", err)
	}
	return cleanText(out), nil
}
