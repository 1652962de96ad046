package filestate

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

func write(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestCheckFresh(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	write(t, p, "one")
	c := New()
	if err := c.CheckFresh(filepath.Join(dir, "missing")); err != nil {
		t.Fatalf("a new file is fresh, got %v", err)
	}
	if err := c.CheckFresh(p); !errors.Is(err, ErrNotRead) {
		t.Fatalf("unread file: %v", err)
	}
	if err := c.RecordFile(p, false, 0, 0); err != nil {
		t.Fatal(err)
	}
	if err := c.CheckFresh(p); err != nil {
		t.Fatalf("just read: %v", err)
	}
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(p, later, later); err != nil {
		t.Fatal(err)
	}
	if err := c.CheckFresh(p); err != nil {
		t.Fatalf("touched but unchanged is not stale: %v", err)
	}
	write(t, p, "two")
	if err := os.Chtimes(p, later.Add(time.Hour), later.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := c.CheckFresh(p); !errors.Is(err, ErrModified) {
		t.Fatalf("changed file: %v", err)
	}
}

func TestKeysAreNormalised(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	write(t, p, "x")
	c := New()
	if err := c.RecordFile(filepath.Join(dir, ".", "sub", "..", "a.txt"), true, 10, 5); err != nil {
		t.Fatal(err)
	}
	e, ok := c.Get(p)
	if !ok || !e.Partial || e.Offset != 10 || e.Limit != 5 {
		t.Fatalf("entry %+v %v", e, ok)
	}
	c.Forget(p)
	if _, ok := c.Get(p); ok {
		t.Fatal("forgotten entry still there")
	}
}

func TestCacheIsBounded(t *testing.T) {
	c := New()
	for i := range maxEntries + 10 {
		c.Record(Entry{Path: filepath.Join("/x", string(rune('a'+i%26)), time.Duration(i).String())})
	}
	if n := len(c.m); n != maxEntries {
		t.Fatalf("%d entries, want %d", n, maxEntries)
	}
}

func TestObserveAndRecent(t *testing.T) {
	c := New()
	var seen []string
	c.Observe(func(p string) { seen = append(seen, p) })
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c.Record(Entry{Path: "/a", At: base})
	c.Record(Entry{Path: "/b", At: base.Add(2 * time.Second)})
	c.Record(Entry{Path: "/c", At: base.Add(time.Second)})
	if want := []string{"/a", "/b", "/c"}; !slices.Equal(seen, want) {
		t.Fatalf("observed %v, want %v", seen, want)
	}
	if got, want := c.Recent(2), []string{"/b", "/c"}; !slices.Equal(got, want) {
		t.Fatalf("Recent(2) = %v, want %v", got, want)
	}
	if got := c.Recent(10); len(got) != 3 {
		t.Fatalf("Recent(10) = %v", got)
	}
}
