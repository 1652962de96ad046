package spill

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// stream is n bytes that differ from their neighbours, so a misplaced
// byte shows.
func stream(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = 'a' + byte(i%26)
	}
	return b
}

func newWriter(t *testing.T, l Limits) (*Writer, string) {
	t.Helper()
	dir := t.TempDir()
	w, err := NewBudget(l).Create(dir, filepath.Join(dir, "tool-results", "out.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return w, w.Name()
}

// writeChunks writes data in chunks of the given sizes, cycling.
func writeChunks(t *testing.T, w *Writer, data []byte, sizes ...int) {
	t.Helper()
	for i := 0; len(data) > 0; i++ {
		n := min(sizes[i%len(sizes)], len(data))
		if k, err := w.Write(data[:n]); k != n || err != nil {
			t.Fatalf("Write = %d, %v", k, err)
		}
		data = data[n:]
	}
}

func TestWriterKeepsHeadAndTail(t *testing.T) {
	// MaxFile 256: a head of 64 bytes and a tail of at most 192, whose
	// older 96 bytes go when it is full.
	cases := []struct {
		total, dropped int64
	}{
		{100, 0},
		{256, 0},    // exactly the cap
		{257, 96},   // one byte over: the first drop
		{1000, 768}, // eight drops
		{100_000, 99_744},
	}
	for _, tc := range cases {
		for _, sizes := range [][]int{{1}, {7, 300}, {4096}} {
			t.Run(fmt.Sprint(tc.total, sizes), func(t *testing.T) {
				w, path := newWriter(t, Limits{MaxFile: 256})
				data := stream(int(tc.total))
				writeChunks(t, w, data, sizes...)
				if err := w.Close(); err != nil {
					t.Fatal(err)
				}
				want := data
				if tc.dropped > 0 {
					want = append(append(bytes.Clone(data[:64]), markerLine(tc.dropped)...), data[64+tc.dropped:]...)
				}
				got, err := os.ReadFile(path)
				if err != nil || !bytes.Equal(got, want) {
					t.Fatalf("file (%d bytes, %v):\n%q\nwant (%d bytes):\n%q", len(got), err, got, len(want), want)
				}
				if int64(len(got)) > 256+int64(len(markerLine(tc.dropped))) {
					t.Errorf("file has %d bytes, over the cap and its marker", len(got))
				}
				l := w.Layout()
				if l.Dropped != tc.dropped || l.End != tc.total || l.Lost != 0 || l.Err != nil {
					t.Errorf("layout = %+v", l)
				}
			})
		}
	}
}

func TestSectionsMapTheStream(t *testing.T) {
	w, path := newWriter(t, Limits{MaxFile: 256})
	data := stream(1000)
	writeChunks(t, w, data, 33)
	w.Close()
	file, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	l := w.Layout()
	for _, from := range []int64{0, 10, 64, 100, 831, 832, 999, 1000} {
		secs, dropped, _ := l.Sections(from)
		var stored int64
		for _, s := range secs {
			if got, want := file[s.At:s.At+s.To-s.From], data[s.From:s.To]; !bytes.Equal(got, want) {
				t.Errorf("from %d: section %+v holds %q, want %q", from, s, got, want)
			}
			stored += s.To - s.From
		}
		if stored+dropped != 1000-from {
			t.Errorf("from %d: %d stored + %d dropped, want %d", from, stored, dropped, 1000-from)
		}
	}
	w2, _ := newWriter(t, Limits{MaxFile: 256})
	w2.Write(data[:200])
	if secs, dropped, _ := w2.Layout().Sections(10); len(secs) != 1 || secs[0].At != 10 || secs[0].From != 10 || secs[0].To != 200 || dropped != 0 {
		t.Errorf("before any drop: %+v, %d; want one section", secs, dropped)
	}
	w2.Close()
}

func TestSessionTotal(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "shells", "old.log")
	os.MkdirAll(filepath.Dir(old), 0o700)
	if err := os.WriteFile(old, make([]byte, 3000), 0o600); err != nil { // left by an earlier run
		t.Fatal(err)
	}
	b := NewBudget(Limits{MaxFile: 1024, MaxSession: 4500})
	a, err := b.Create(dir, filepath.Join(dir, "tool-results", "a.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Write(make([]byte, 1500)); err != nil { // stored: 256 + marker + ≤768
		t.Fatalf("first file: %v", err)
	}
	a.Close()
	c, _ := b.Create(dir, filepath.Join(dir, "tool-results", "c.txt"))
	// 3000 + 761 bytes are used: room for the head, not for the tail.
	if n, err := c.Write(make([]byte, 1024)); n != 256 || !errors.Is(err, ErrSessionFull) {
		t.Fatalf("past the session total: %d, %v; want 256 bytes saved and ErrSessionFull", n, err)
	}
	c.Write([]byte("more"))
	if l := c.Layout(); l.Lost != 768+4 || !errors.Is(l.Err, ErrSessionFull) {
		t.Errorf("layout after the refusal = %+v", l)
	}
	if err := c.Discard(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(c.Name()); !os.IsNotExist(err) {
		t.Errorf("discarded file still there: %v", err)
	}
	if err := a.Discard(); err != nil { // its share comes back
		t.Fatal(err)
	}
	d, _ := b.Create(dir, filepath.Join(dir, "tool-results", "d.txt"))
	if _, err := d.Write(make([]byte, 1024)); err != nil {
		t.Errorf("after a file was discarded: %v", err)
	}
	d.Close()
}

func TestReserveStopsSpilling(t *testing.T) {
	free, err := freeSpace(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	w, path := newWriter(t, Limits{Reserve: free + 1<<30})
	if _, err := w.Write([]byte("x")); !errors.Is(err, ErrLowSpace) {
		t.Fatalf("write below the reserve: %v, want ErrLowSpace", err)
	}
	if st, err := os.Stat(path); err != nil || st.Size() != 0 {
		t.Errorf("file after a refused write: %v, %v", st, err)
	}
	w.Discard()
}

// failingFile fails its writes after limit bytes, like a full disk.
type failingFile struct {
	*os.File
	limit int64
}

func (f *failingFile) WriteAt(p []byte, off int64) (int, error) {
	if off+int64(len(p)) > f.limit {
		return 0, syscall.ENOSPC
	}
	return f.File.WriteAt(p, off)
}

func TestWriteErrorIsSticky(t *testing.T) {
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "x.txt"))
	if err != nil {
		t.Fatal(err)
	}
	w := NewBudget(Limits{MaxFile: 1024}).Writer(dir, &failingFile{f, 100})
	if _, err := w.Write(make([]byte, 60)); err != nil {
		t.Fatal(err)
	}
	if n, err := w.Write(make([]byte, 60)); n != 0 || !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("write past the disk = %d, %v", n, err)
	}
	if _, err := w.Write(make([]byte, 10)); !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("later write: %v, want the first failure", err)
	}
	if err := w.Close(); !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("Close = %v, want the failure", err)
	}
	if l := w.Layout(); l.End != 60 || l.Lost != 70 {
		t.Errorf("layout = %+v, want 60 stored and 70 lost", l)
	}
}

// failingReads fails every read, so the tail cannot be moved.
type failingReads struct{ *os.File }

func (failingReads) ReadAt([]byte, int64) (int, error) { return 0, syscall.EIO }

func TestFailedDropLeavesNoMixedTail(t *testing.T) {
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "x.log"))
	if err != nil {
		t.Fatal(err)
	}
	w := NewBudget(Limits{MaxFile: 256}).Writer(dir, failingReads{f})
	data := stream(300)
	if _, err := w.Write(data); !errors.Is(err, syscall.EIO) {
		t.Fatalf("Write = %v, want EIO", err)
	}
	w.Close()
	l := w.Layout()
	if secs, dropped, _ := l.Sections(0); len(secs) != 1 || secs[0].At != 0 || secs[0].From != 0 || secs[0].To != 64 || dropped != 192 || l.Lost != 44 {
		t.Errorf("after a failed drop: sections %+v, dropped %d, layout %+v", secs, dropped, l)
	}
	if got, _ := os.ReadFile(f.Name()); !bytes.Equal(got, data[:64]) {
		t.Errorf("file holds %q, want the head only", got)
	}
	if _, err := w.Write([]byte("x")); err == nil {
		t.Error("a write after Close succeeded")
	}
}

func TestUnsavedTailKeptInMemory(t *testing.T) {
	free, err := freeSpace(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	w, _ := newWriter(t, Limits{Reserve: free + 1<<30})
	w.KeepUnsaved(10)
	data := stream(100)
	w.Write(data[:7])
	w.Write(data[7:])
	l := w.Layout()
	secs, dropped, unsaved := l.Sections(50)
	if len(secs) != 1 || secs[0].From != 90 || secs[0].To != 100 || !bytes.Equal(secs[0].Mem, data[90:]) ||
		dropped != 0 || unsaved != 40 {
		t.Errorf("sections %+v, dropped %d, unsaved %d; want the last 10 bytes from memory, 40 unsaved", secs, dropped, unsaved)
	}
	w.Discard()
}
