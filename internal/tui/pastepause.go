package tui

import (
	"fmt"

	"github.com/muesli/cancelreader"
)

// pause stops reading the terminal, so that a program run in the
// foreground (the editor /memory opens) gets every key; the program's
// pipe stays open. It runs on the program's goroutine, as resume does.
func (p *pasteIn) pause() {
	p.mu.Lock()
	p.paused = true
	p.mu.Unlock()
	p.src.Cancel()
	<-p.done
}

// resume reads the terminal again after pause.
func (p *pasteIn) resume() error {
	src, err := cancelreader.NewReader(p.in)
	if err != nil {
		return fmt.Errorf("reading the terminal again: %w", err)
	}
	p.mu.Lock()
	p.paused = false
	p.mu.Unlock()
	p.src, p.done = src, make(chan struct{})
	go p.loop()
	return nil
}

func (p *pasteIn) isPaused() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.paused
}
