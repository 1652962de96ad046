package spill

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestSweep(t *testing.T) {
	root := t.TempDir()
	now := time.Now()
	old, recent := now.Add(-31*24*time.Hour), now.Add(-29*24*time.Hour)
	files := map[string]time.Time{
		"p1/s1/tool-results/bash-a.txt": old,    // deleted
		"p1/s1/shells/bash_1.log":       old,    // deleted: s1 ends up empty
		"p1/s1.jsonl":                   old,    // a transcript: kept
		"p1/s2/tool-results/bash-b.txt": old,    // deleted
		"p1/s2/tool-results/bash-c.txt": recent, // kept
		"p1/s2/notes.txt":               old,    // not a spill file: kept
		"p2/cur/shells/bash_2.log":      old,    // the current session: kept
		"p2/s3/subagents/agent-x.jsonl": old,    // not a spill directory: kept
	}
	for name, mtime := range files {
		path := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
	outside := filepath.Join(t.TempDir(), "precious")
	os.WriteFile(outside, []byte("x"), 0o600)
	os.Chtimes(outside, old, old)
	os.Symlink(filepath.Dir(outside), filepath.Join(root, "p1", "s2", "shells")) // never followed
	n := Sweep(context.Background(), root, now.Add(-30*24*time.Hour), filepath.Join(root, "p2", "cur"))
	if n != 3 {
		t.Errorf("deleted %d files, want 3", n)
	}
	for name := range files {
		_, err := os.Stat(filepath.Join(root, name))
		gone := os.IsNotExist(err)
		wantGone := name == "p1/s1/tool-results/bash-a.txt" || name == "p1/s1/shells/bash_1.log" ||
			name == "p1/s2/tool-results/bash-b.txt"
		if gone != wantGone {
			t.Errorf("%s: gone %v, want %v", name, gone, wantGone)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "p1", "s1")); !os.IsNotExist(err) {
		t.Errorf("the emptied session directory s1 is still there: %v", err)
	}
	if _, err := os.Stat(outside); err != nil {
		t.Errorf("a file behind a symbolic link was deleted: %v", err)
	}
}

func TestSweepStopsWithContext(t *testing.T) {
	root := t.TempDir()
	path := filepath.Join(root, "p", "s", "shells", "bash_1.log")
	os.MkdirAll(filepath.Dir(path), 0o700)
	os.WriteFile(path, nil, 0o600)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if n := Sweep(ctx, root, time.Now().Add(time.Hour), ""); n != 0 {
		t.Errorf("a cancelled sweep deleted %d files", n)
	}
}
