package cli

import (
	"slices"
	"sync"

	"corvid/internal/app"
)

// sessionDirs are the working directories /add-dir added in an
// interactive session; every conversation opened afterwards gets them,
// as if given with --add-dir.
type sessionDirs struct {
	cwd  string
	mu   sync.Mutex
	dirs []string
}

// add validates dir as --add-dir would and keeps it.
func (s *sessionDirs) add(dir string) error {
	abs, err := app.CheckAddDir(s.cwd, dir)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !slices.Contains(s.dirs, abs) {
		s.dirs = append(s.dirs, abs)
	}
	return nil
}

// apply adds the kept directories to o's.
func (s *sessionDirs) apply(o *app.Options) {
	s.mu.Lock()
	defer s.mu.Unlock()
	o.AdditionalDirs = append(slices.Clone(o.AdditionalDirs), s.dirs...)
}
