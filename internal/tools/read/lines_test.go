package read

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
)

// wantLines splits s the way Read numbers lines: a final newline ends the
// last line rather than starting an empty one; a CR before it is dropped.
func wantLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// TestLineReaderMatchesSplit compares the streaming reader with a plain
// split, feeding it one byte or a few bytes at a time so that lines,
// CRs and multi-byte characters straddle chunk boundaries.
func TestLineReaderMatchesSplit(t *testing.T) {
	inputs := []string{"", "\n", "a", "a\n", "a\nb", "a\r\nb\r\n", "\n\n\nx", "é\nü\n",
		strings.Repeat("x", maxLineChars) + "\r\n", strings.Repeat("ab\n", 50)}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString([]string{"a", "\n", "\r\n", "é", "xyz"}[rng.IntN(5)])
		}
		inputs = append(inputs, b.String())
	}
	wraps := map[string]func(io.Reader) io.Reader{"one": iotest.OneByteReader, "half": iotest.HalfReader,
		"whole": func(r io.Reader) io.Reader { return r }}
	for _, s := range inputs {
		want := wantLines(s)
		for name, wrap := range wraps {
			for skip := 0; skip <= len(want)+1; skip++ {
				lr := newLineReader(context.Background(), wrap(strings.NewReader(s)), int64(len(s)))
				lr.skip(skip)
				var got []string
				for {
					l, ok := lr.next()
					if !ok {
						break
					}
					got = append(got, string(l.text))
				}
				if exp := want[min(skip, len(want)):]; fmt.Sprint(got) != fmt.Sprint(exp) || lr.lines() != len(want) {
					t.Fatalf("%s %q skip %d: got %q (%d lines), want %q (%d)", name, s, skip, got, lr.lines(), exp, len(want))
				}
			}
		}
	}
}

func TestLineReaderCount(t *testing.T) {
	for _, s := range []string{"", "a", "a\n", "a\nb", "a\nb\n\n", strings.Repeat("line\n", 1000) + "tail"} {
		lr := newLineReader(context.Background(), iotest.HalfReader(strings.NewReader(s)), 16)
		if !lr.count(1<<20) || lr.lines() != len(wantLines(s)) {
			t.Errorf("%q: counted %d lines, want %d", s, lr.lines(), len(wantLines(s)))
		}
	}
	lr := newLineReader(context.Background(), strings.NewReader(strings.Repeat("x\n", 100)), 16)
	if lr.count(10) {
		t.Error("count went past its budget")
	}
}

func TestLineCut(t *testing.T) {
	cases := []struct {
		in      string
		keep    int // characters kept
		cut     int
		endsInX bool
	}{
		{strings.Repeat("x", maxLineChars), maxLineChars, 0, true},
		{strings.Repeat("x", maxLineChars) + "\r", maxLineChars, 0, true},
		{strings.Repeat("x", maxLineChars+1), maxLineChars, 1, true},
		{strings.Repeat("€", maxLineChars+5), maxLineChars, 5, false},
		{strings.Repeat("x", 100_000), maxLineChars, 100_000 - maxLineChars, true},
		{strings.Repeat("\x80", 10_000), 0, 0, false}, // invalid UTF-8: cut by bytes
	}
	for _, c := range cases {
		lr := newLineReader(context.Background(), strings.NewReader(c.in+"\n"), 64)
		l, _ := lr.next()
		if n := len([]rune(string(l.text))); c.keep > 0 && (n != c.keep || l.cut != c.cut) {
			t.Errorf("%.10q…: kept %d chars, cut %d; want %d, %d", c.in, n, l.cut, c.keep, c.cut)
		}
		if c.keep == 0 && l.cut == 0 {
			t.Errorf("invalid UTF-8 line of %d bytes shown whole (%d bytes)", len(c.in), len(l.text))
		}
		if strings.HasSuffix(string(l.text), "\r") {
			t.Errorf("%.10q…: CR kept", c.in)
		}
	}
}

// cancelAfter cancels its context after the first read.
type cancelAfter struct {
	r      io.Reader
	cancel context.CancelFunc
}

func (c cancelAfter) Read(p []byte) (int, error) {
	defer c.cancel()
	return c.r.Read(p)
}

func TestLineReaderStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r := cancelAfter{strings.NewReader(strings.Repeat("line\n", 100_000)), cancel}
	lr := newLineReader(ctx, r, 4096)
	lr.skip(90_000)
	if !errors.Is(lr.err, context.Canceled) || lr.lines() > 4096 {
		t.Fatalf("skip went on after cancel: err %v, %d lines", lr.err, lr.lines())
	}
}

// TestMemoryIsBoundedByTheRange reads 2000 lines from the middle of a
// 40 MB file and checks that the allocations stay near the size of the
// range, not of the file; the file is also too big to count its lines,
// so totalLines is -1.
func TestMemoryIsBoundedByTheRange(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 40 MB file")
	}
	f := newFixture(t)
	path := filepath.Join(f.dir, "big.log")
	writeBig(t, path, 40<<20)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r := f.call(t, `{"file_path":"$DIR/big.log","offset":1000000,"limit":2000}`)
	runtime.ReadMemStats(&after)
	if r.Result.IsError {
		t.Fatal(r.Text())
	}
	out := r.Result.Structured.(TextOutput).File
	if out.NumLines != 2000 || out.StartLine != 1000000 || out.TotalLines != -1 {
		t.Errorf("got %d lines from %d of %d", out.NumLines, out.StartLine, out.TotalLines)
	}
	if !strings.HasPrefix(r.Text(), "1000000\tline 1000000 ") {
		t.Errorf("wrong first line: %.60q", r.Text())
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4<<20 {
		t.Errorf("reading 2000 lines allocated %d bytes", alloc)
	}
}

// writeBig writes about size bytes of short numbered lines.
func writeBig(t testing.TB, path string, size int64) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	buf := make([]byte, 0, 1<<20)
	var written int64
	for i := 1; written < size; i++ {
		buf = fmt.Appendf(buf, "line %d %s\n", i, "lorem ipsum dolor")
		if len(buf) > 1<<20-64 {
			n, err := f.Write(buf)
			if err != nil {
				t.Fatal(err)
			}
			written += int64(n)
			buf = buf[:0]
		}
	}
	if _, err := f.Write(buf); err != nil {
		t.Fatal(err)
	}
}
