package app

import (
	"path/filepath"
	"slices"
	"testing"
)

func TestSessionDirAndWorkDirs(t *testing.T) {
	if got := sessionDir("/cfg", "/w/p", "s1"); got != filepath.FromSlash("/cfg/projects/-w-p/s1") {
		t.Errorf("sessionDir = %q", got)
	}
	if got := workDirs("/w/p", []string{"../q", "/abs/"}); !slices.Equal(got, []string{"/w/p", "/w/q", "/abs"}) {
		t.Errorf("workDirs = %v", got)
	}
}
