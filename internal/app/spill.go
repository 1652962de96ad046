package app

import (
	"context"
	"encoding/json"
	"path/filepath"
	"time"

	"corvid/internal/checkpoint"
	"corvid/internal/config"
	"corvid/internal/spill"
)

// spillBudget bounds the files tools spill to in this conversation:
// CORVID_MAX_SPILL_BYTES per file (64 MiB), CORVID_MAX_SESSION_SPILL_BYTES
// per session directory (1 GiB), and CORVID_SPILL_RESERVE_BYTES of free
// disk space kept for the transcript (64 MiB).
func spillBudget(env environment) *spill.Budget {
	return spill.NewBudget(spill.Limits{MaxFile: int64(env.int("CORVID_MAX_SPILL_BYTES")),
		MaxSession: int64(env.int("CORVID_MAX_SESSION_SPILL_BYTES")),
		Reserve:    int64(env.int("CORVID_SPILL_RESERVE_BYTES"))})
}

// maxCleanupDays bounds cleanupPeriodDays, so the period cannot overflow
// into a cutoff in the future.
const maxCleanupDays = 100 * 365

// cleanupPeriod is the cleanupPeriodDays setting: an integer of at least
// 1, else the default (with a warning); at most maxCleanupDays.
func cleanupPeriod(opts Options, s *config.Settings) time.Duration {
	days := spill.DefaultCleanupDays
	if raw, ok := s.Lookup("cleanupPeriodDays"); ok {
		var n int
		if json.Unmarshal(raw, &n) != nil || n < 1 {
			warnf(opts, "warning: settings: cleanupPeriodDays must be a whole number of days, at least 1 (got %s); using %d\n", raw, days)
		} else {
			days = min(n, maxCleanupDays)
		}
	}
	return time.Duration(days) * 24 * time.Hour
}

// sweepGrace is how long the end of a run lets an unfinished sweep go on
// before it stops it.
const sweepGrace = time.Second

// startSweep deletes, in the background, the spill files, shell logs and
// file checkpoints of sessions older than period, in every project, keeping the current
// session's. The returned stop lets the sweep finish for up to
// sweepGrace, then stops it and waits for it.
func startSweep(env environment, period time.Duration, current string) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		if cfgDir, err := configDir(env); err == nil {
			spill.Sweep(ctx, filepath.Join(cfgDir, "projects"), time.Now().Add(-period), current)
			checkpoint.Sweep(ctx, filepath.Join(cfgDir, "projects"), time.Now().Add(-period), current)
		}
	}()
	return func() {
		select {
		case <-done:
		case <-time.After(sweepGrace):
		}
		cancel()
		<-done
	}
}
