// Package spill writes output that is too long to keep in memory to files
// under a session directory, within bounds: each file keeps the head of
// the output and a rolling tail (the middle is dropped, and a marker line
// says how many bytes), the files of one session directory share a total,
// and no file grows while the filesystem's free space is below a reserve
// kept for the transcript. Sweep deletes the spill files of old sessions.
//
// It is a leaf package: the Bash tool (tool-results/) and the background
// shells (shells/) write through one Budget per conversation, which the
// composition root creates.
package spill

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// Defaults for Limits.
const (
	DefaultMaxFile    = 64 << 20
	DefaultMaxSession = 1 << 30
	DefaultReserve    = 64 << 20
	// MinMaxFile is the smallest per-file cap: the tail must hold a
	// marker line.
	MinMaxFile = 256
)

// grantStep is how much file growth one budget check grants, so that
// the free space is looked up once per step, not once per write.
const grantStep = 1 << 20

// Dirs are the subdirectories of a session directory that hold spill
// files: the Bash tool's and the background shells' logs.
var Dirs = []string{"tool-results", "shells"}

// Limits bound what is spilled. Zero values mean the defaults.
type Limits struct {
	// MaxFile caps the output bytes one file keeps (head and tail; the
	// marker line comes on top).
	MaxFile int64
	// MaxSession caps the total size of a session directory's spill
	// files, including those left by earlier runs.
	MaxSession int64
	// Reserve is the free space on the filesystem that spilling never
	// uses, so the transcript can still be written.
	Reserve int64
}

// Budget accounts for the spill files of session directories. It is safe
// for concurrent use.
type Budget struct {
	limits Limits
	mu     sync.Mutex
	used   map[string]int64 // per session directory, scanned when first seen
}

// NewBudget returns a Budget with limits l.
func NewBudget(l Limits) *Budget {
	if l.MaxFile <= 0 {
		l.MaxFile = DefaultMaxFile
	}
	l.MaxFile = max(l.MaxFile, MinMaxFile)
	if l.MaxSession <= 0 {
		l.MaxSession = DefaultMaxSession
	}
	if l.Reserve <= 0 {
		l.Reserve = DefaultReserve
	}
	return &Budget{limits: l, used: map[string]int64{}}
}

// Limits returns the limits in force.
func (b *Budget) Limits() Limits { return b.limits }

// grant lets a file of session directory dir grow by at least need and
// at most want bytes, and returns how much it may grow.
func (b *Budget) grant(dir string, need, want int64) (int64, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	used, ok := b.used[dir]
	if !ok {
		used = usage(dir)
	}
	b.used[dir] = used
	room := b.limits.MaxSession - used
	if room < need {
		return 0, fmt.Errorf("%w (%d bytes)", ErrSessionFull, b.limits.MaxSession)
	}
	free, err := freeSpace(dir)
	if err != nil {
		return 0, fmt.Errorf("checking free disk space: %w", err)
	}
	if free-b.limits.Reserve < need {
		return 0, fmt.Errorf("%w: %d bytes free, %d kept", ErrLowSpace, free, b.limits.Reserve)
	}
	n := min(want, room, free-b.limits.Reserve)
	b.used[dir] = used + n
	return n, nil
}

// release returns n granted bytes that no file holds any more.
func (b *Budget) release(dir string, n int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.used[dir] = max(0, b.used[dir]-n)
}

// usage sums the sizes of the spill files already in dir.
func usage(dir string) int64 {
	var n int64
	for _, sub := range Dirs {
		entries, _ := os.ReadDir(filepath.Join(dir, sub))
		for _, e := range entries {
			if info, err := e.Info(); err == nil && info.Mode().IsRegular() {
				n += info.Size()
			}
		}
	}
	return n
}
