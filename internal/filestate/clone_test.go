package filestate

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A clone starts with the original's entries; later records on either
// side stay on that side, so a writer whose view is stale is refused.
func TestCloneIsAnIndependentView(t *testing.T) {
	f := filepath.Join(t.TempDir(), "f.txt")
	if err := os.WriteFile(f, []byte("one"), 0o644); err != nil {
		t.Fatal(err)
	}
	parent := New()
	if err := parent.RecordFile(f, false, 0, 0); err != nil {
		t.Fatal(err)
	}
	a, b := parent.Clone(), parent.Clone()
	if err := a.CheckFresh(f); err != nil {
		t.Fatalf("clone lost the parent's read: %v", err)
	}
	later := time.Now().Add(2 * time.Second)
	if err := os.WriteFile(f, []byte("two!"), 0o644); err != nil {
		t.Fatal(err)
	}
	_ = os.Chtimes(f, later, later)
	if err := a.RecordFile(f, false, 0, 0); err != nil { // a wrote it
		t.Fatal(err)
	}
	if err := a.CheckFresh(f); err != nil {
		t.Fatalf("the writer's own view: %v", err)
	}
	if err := b.CheckFresh(f); !errors.Is(err, ErrModified) {
		t.Fatalf("the other view: %v, want ErrModified", err)
	}
	if err := parent.CheckFresh(f); !errors.Is(err, ErrModified) {
		t.Fatalf("the parent: %v, want ErrModified", err)
	}
}
