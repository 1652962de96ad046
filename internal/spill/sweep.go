package spill

import (
	"context"
	"os"
	"path/filepath"
	"time"
)

// DefaultCleanupDays is how long spill files are kept
// (cleanupPeriodDays).
const DefaultCleanupDays = 30

// Sweep deletes the spill files of every session under projects
// (<projects>/<project>/<session>/{tool-results,shells}/<file>) last
// modified before cutoff, except in the session directory keep, then the
// directories it emptied. Transcripts (<project>/<session>.jsonl) are
// never touched, nor is anything that is not a regular file. It stops
// early when ctx ends and returns how many files it deleted.
func Sweep(ctx context.Context, projects string, cutoff time.Time, keep string) int {
	removed := 0
	for _, project := range subdirs(projects) {
		for _, session := range subdirs(project) {
			if ctx.Err() != nil {
				return removed
			}
			if session == filepath.Clean(keep) {
				continue
			}
			removed += sweepSession(ctx, session, cutoff)
		}
	}
	return removed
}

// sweepSession deletes a session directory's old spill files.
func sweepSession(ctx context.Context, session string, cutoff time.Time) int {
	removed := 0
	for _, sub := range Dirs {
		dir := filepath.Join(session, sub)
		if st, err := os.Lstat(dir); err != nil || !st.IsDir() {
			continue // missing, or a symbolic link that is not followed
		}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if ctx.Err() != nil {
				return removed
			}
			info, err := e.Info()
			if err != nil || !info.Mode().IsRegular() || !info.ModTime().Before(cutoff) {
				continue
			}
			if os.Remove(filepath.Join(dir, e.Name())) == nil {
				removed++
			}
		}
		_ = os.Remove(dir) // only if empty
	}
	_ = os.Remove(session) // only if empty
	return removed
}

// subdirs lists the directories (not symbolic links) in dir.
func subdirs(dir string) []string {
	entries, _ := os.ReadDir(dir)
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out
}
