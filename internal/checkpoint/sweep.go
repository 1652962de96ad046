package checkpoint

import (
	"context"
	"os"
	"path/filepath"
	"time"
)

// DirName is the name of a session's checkpoint directory under its
// session directory.
const DirName = "checkpoints"

// Sweep removes the checkpoints of sessions whose index was last written
// before cutoff, in every project under projects (<project>/<session>/
// checkpoints), except the session directory keep. A checkpoint
// directory that is a symbolic link is not followed. It returns how many
// it removed.
func Sweep(ctx context.Context, projects string, cutoff time.Time, keep string) int {
	removed := 0
	for _, project := range dirs(projects) {
		for _, session := range dirs(project) {
			if ctx.Err() != nil {
				return removed
			}
			if session == filepath.Clean(keep) {
				continue
			}
			dir := filepath.Join(session, DirName)
			if st, err := os.Lstat(dir); err != nil || !st.IsDir() {
				continue
			}
			idx, err := os.Stat(filepath.Join(dir, "index.json"))
			if err == nil && !idx.ModTime().Before(cutoff) {
				continue
			}
			if os.RemoveAll(dir) == nil {
				removed++
			}
		}
	}
	return removed
}

func dirs(dir string) []string {
	entries, _ := os.ReadDir(dir)
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out
}
