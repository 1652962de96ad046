package session

import (
	"errors"
	"os"
	"strings"
	"syscall"
	"testing"

	"corvid/internal/provider"
)

// shortSink writes the first half of each line, then fails.
type shortSink struct{ sink }

func (s shortSink) Write(p []byte) (int, error) {
	n, _ := s.sink.Write(p[:len(p)/2])
	return n, syscall.EIO
}

func TestWriteFailures(t *testing.T) {
	w, path := newTestWriter(t)
	first := must(w.User([]provider.Block{text("one")}, UserOptions{}))
	good := w.f
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full:", err)
	}
	w.f = full
	if _, err := w.User([]provider.Block{text("lost to ENOSPC")}, UserOptions{}); !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("err = %v, want ENOSPC", err)
	}
	w.f = shortSink{good}
	if _, err := w.User([]provider.Block{text("torn by EIO")}, UserOptions{}); !errors.Is(err, syscall.EIO) {
		t.Fatalf("err = %v, want EIO", err)
	}
	if w.Leaf() != first {
		t.Fatal("a failed entry must not join the chain")
	}
	w.f = good
	full.Close()
	third := must(w.User([]provider.Block{text("three")}, UserOptions{}))
	if !errors.Is(w.Err(), syscall.ENOSPC) {
		t.Errorf("Err() = %v, want the first failure", w.Err())
	}
	data := string(must(os.ReadFile(path)))
	ls := strings.Split(strings.TrimSuffix(data, "\n"), "\n")
	if len(ls) != 3 || !strings.HasSuffix(ls[2], "}") || !strings.HasPrefix(ls[2], `{"parentUuid":"`+first) {
		t.Fatalf("lines:\n%s", data)
	}
	tr := load(t, path)
	want := []provider.Message{user(text("one"), text("three"))}
	if d := diffMessages(want, tr.Messages); d != "" || tr.Skipped != 1 || tr.Leaf != third {
		t.Errorf("Skipped %d Leaf %q/%q (-want +got):\n%s", tr.Skipped, tr.Leaf, third, d)
	}
}

func TestAppendAfterTornTail(t *testing.T) {
	w, path := newTestWriter(t)
	must(w.User([]provider.Block{text("one")}, UserOptions{}))
	w.Close()
	f := must(os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0))
	f.WriteString(`{"type":"user","message":{"role":"us`)
	f.Close()
	tr := load(t, path)
	w2 := NewWriter(path, testMeta)
	defer w2.Close()
	w2.SetParent(tr.Leaf)
	must(w2.User([]provider.Block{text("two")}, UserOptions{}))
	tr = load(t, path)
	if d := diffMessages([]provider.Message{user(text("one"), text("two"))}, tr.Messages); d != "" || tr.Skipped != 1 {
		t.Errorf("Skipped %d (-want +got):\n%s", tr.Skipped, d)
	}
}

func TestEntryTooLarge(t *testing.T) {
	w, path := newTestWriter(t)
	w.max = 1000
	if _, err := w.User([]provider.Block{text(strings.Repeat("x", 2000))}, UserOptions{}); !errors.Is(err, ErrEntryTooLarge) {
		t.Fatalf("err = %v", err)
	}
	must(w.User([]provider.Block{text("small")}, UserOptions{}))
	if w.Err() != nil {
		t.Errorf("a refused entry is not a write failure: %v", w.Err())
	}
	if tr := load(t, path); len(tr.Messages) != 1 || tr.Messages[0].Text() != "small" {
		t.Errorf("messages %+v", tr.Messages)
	}
}

func TestCloseIsIdempotent(t *testing.T) {
	w, _ := newTestWriter(t)
	if err := w.Close(); err != nil { // never opened
		t.Fatal(err)
	}
	if _, err := w.User([]provider.Block{text("late")}, UserOptions{}); !errors.Is(err, ErrClosed) {
		t.Errorf("after Close: %v", err)
	}
	w2, _ := newTestWriter(t)
	must(w2.User([]provider.Block{text("x")}, UserOptions{}))
	if err := w2.Sync(); err != nil {
		t.Fatal(err)
	}
	if err := w2.Close(); err != nil {
		t.Fatal(err)
	}
	if err := w2.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestOpenFailureIsRemembered(t *testing.T) {
	dir := t.TempDir()
	blocker := dir + "/file"
	os.WriteFile(blocker, nil, 0o600)
	w := NewWriter(blocker+"/sub/s.jsonl", testMeta) // a file where a directory must go
	if _, err := w.User([]provider.Block{text("x")}, UserOptions{}); err == nil || w.Err() == nil {
		t.Fatalf("err %v, Err %v", err, w.Err())
	}
	w.Close()
}
