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

// After a failed write the writer refuses every later entry with the
// first error, and the bytes of a torn line are cut off again: the file
// holds a prefix of the conversation that loads without a skipped line.
func TestWriteFailures(t *testing.T) {
	for _, tc := range []struct {
		name string
		bad  func(good sink) sink
		want error
	}{
		{"ENOSPC", func(sink) sink {
			full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
			if err != nil {
				t.Skip("no /dev/full:", err)
			}
			t.Cleanup(func() { full.Close() })
			return full
		}, syscall.ENOSPC},
		{"torn EIO", func(good sink) sink { return shortSink{good} }, syscall.EIO},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, path := newTestWriter(t)
			first := must(w.User([]provider.Block{text("one")}, UserOptions{}))
			good := w.f
			w.f = tc.bad(good)
			_, err := w.User([]provider.Block{text("lost")}, UserOptions{})
			var se *SaveError
			if !errors.Is(err, tc.want) || !errors.As(err, &se) || se.Path != path {
				t.Fatalf("err = %v, want a SaveError for %s wrapping %v", err, path, tc.want)
			}
			if want := path + ": " + tc.want.Error(); err.Error() != want {
				t.Errorf("message %q, want %q", err, want)
			}
			w.f = good
			if _, err := w.User([]provider.Block{text("after")}, UserOptions{}); !errors.Is(err, tc.want) {
				t.Errorf("an entry after the failure: %v, want it refused with the first error", err)
			}
			if err := w.Sync(); !errors.Is(err, tc.want) {
				t.Errorf("Sync after the failure: %v", err)
			}
			if !errors.Is(w.Err(), tc.want) || w.Leaf() != first {
				t.Errorf("Err() = %v, leaf %q", w.Err(), w.Leaf())
			}
			data := string(must(os.ReadFile(path)))
			if strings.Count(data, "\n") != 1 || !strings.HasSuffix(data, "}\n") {
				t.Fatalf("file is not the one whole line written before the failure:\n%s", data)
			}
			tr := load(t, path)
			if d := diffMessages([]provider.Message{user(text("one"))}, tr.Messages); d != "" || tr.Skipped != 0 {
				t.Errorf("Skipped %d (-want +got):\n%s", tr.Skipped, d)
			}
		})
	}
}

// A failed fsync is remembered like a failed write.
func TestSyncFailure(t *testing.T) {
	w, _ := newTestWriter(t)
	must(w.User([]provider.Block{text("one")}, UserOptions{}))
	w.f = syncFails{w.f}
	if err := w.Sync(); !errors.Is(err, syscall.EIO) {
		t.Fatalf("Sync: %v", err)
	}
	if _, err := w.User([]provider.Block{text("two")}, UserOptions{}); !errors.Is(err, syscall.EIO) {
		t.Errorf("an entry after a failed sync: %v", err)
	}
}

type syncFails struct{ sink }

func (syncFails) Sync() error { return &os.PathError{Op: "sync", Path: "x", Err: syscall.EIO} }

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
