package bash

import (
	"time"

	"corvid/internal/tool"
)

// progressEvery rate-limits progress: at most one message per interval,
// the latest output line winning.
const progressEvery = 100 * time.Millisecond

// ProgressData is the structured part of a Bash progress message.
type ProgressData struct {
	// Line is the latest line of output (at most 200 characters).
	Line string `json:"line"`
	// ElapsedMs is how long the command has run.
	ElapsedMs int64 `json:"elapsedMs"`
}

// startProgress reports the latest output line while the command runs;
// the returned stop ends the reporting goroutine and waits for it, so no
// progress arrives after the call returns.
func startProgress(report func(tool.Progress), c *capture) (stop func()) {
	if report == nil {
		return func() {}
	}
	done, finished := make(chan struct{}), make(chan struct{})
	began := time.Now()
	go func() {
		defer close(finished)
		tick := time.NewTicker(progressEvery)
		defer tick.Stop()
		var seen uint64
		for {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			line, seq := c.latest()
			if seq != seen && line != "" {
				seen = seq
				report(tool.Progress{Message: line,
					Data: ProgressData{Line: line, ElapsedMs: time.Since(began).Milliseconds()}})
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}
